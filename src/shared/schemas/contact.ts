import { z } from "zod";
import { MESSAGE_TYPES } from "../categories";
import { emailField } from "./subscribers";
import { multilineText, text } from "./text";

/** POST /api/contact (spec sections 3 and 5). `website` is a honeypot, as on the subscribe form. */
export const contactInput = z.object({
  name: text({ message: "Name must be text" }).trim().max(100, "Name is too long (100 characters at most)").nullish(),
  email: emailField(),
  messageType: z.enum(MESSAGE_TYPES, { message: "Message type must be general, booking or press" }).optional().default("general"),
  message: multilineText({ message: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(5000, "Message is too long (5,000 characters at most)"),
  website: multilineText().max(1000).optional(),
});
export type ContactInput = z.input<typeof contactInput>;

export const CONTACT_SUCCESS = "Thank you for reaching out. We'll get back to you soon.";
