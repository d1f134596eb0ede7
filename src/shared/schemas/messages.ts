import { z } from "zod";
import { MESSAGE_TYPES } from "../categories";
import { dataAnswer, savedAnswer, timestamp } from "./answers";
import { listOrPageAnswer, pageAnswer, tableQuery } from "./paging";

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

export const messageAnswers = {
  list: dataAnswer(z.array(messageRecord)),
  /** one page of the inbox's search (GET with parameters) */
  page: pageAnswer(messageRecord),
  /** GET /api/admin/messages: the plain list, or a page when asked with parameters */
  listOrPage: listOrPageAnswer(messageRecord),
  saved: savedAnswer(messageRecord),
};
export type MessagePage = z.input<typeof messageAnswers.page>;

export const MESSAGE_SORTS = ["sentAt", "name", "email", "messageType", "isRead"] as const;
export type MessageSort = (typeof MESSAGE_SORTS)[number];
/**
 * GET /api/admin/messages: every parameter optional; without any the spec's plain list (newest
 * first). `q` finds a part of the name, address or message text; `type` keeps one of the inbox's
 * tabs (General, Booking, Press).
 */
export const messageListQuery = tableQuery(MESSAGE_SORTS).extend({
  type: z.enum(MESSAGE_TYPES, { message: `type must be ${MESSAGE_TYPES.join(", ")}` }).optional(),
});
export type MessageListQuery = z.output<typeof messageListQuery>;
