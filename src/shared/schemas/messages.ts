import { z } from "zod";
import { MESSAGE_TYPES } from "../categories";
import { dataAnswer, savedAnswer, timestamp } from "./answers";

/** PUT /api/admin/messages/{id}: mark read or unread. */
export const messageReadInput = z.object({ isRead: z.boolean({ message: "isRead must be true or false" }) });

/** A contact message as the admin inbox receives it: never the sender's IP address. */
export const messageRecord = z.object({
  id: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  message: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  isRead: z.boolean(),
  sentAt: timestamp,
});
export type Message = z.input<typeof messageRecord>;

export const messageAnswers = { list: dataAnswer(z.array(messageRecord)), saved: savedAnswer(messageRecord) };
