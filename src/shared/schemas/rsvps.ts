import { z } from "zod";
import { dataAnswer, timestamp } from "./answers";
import { emailField, subscriberNameField } from "./subscribers";
import { text } from "./text";

/**
 * POST /api/shows/{id}/rsvp ('I'm going', issue 24). `subscribe` also signs the fan up for the
 * mailing list (the list's own signup, with the shows interest and its own confirmation mail);
 * without it the address is used for this show only. `website` is the honeypot, as on the
 * signup form; `page` and `referrer` say where the form was (the stats' signups per source).
 */
export const rsvpInput = z.object({
  email: emailField(),
  name: subscriberNameField.nullish(),
  subscribe: z.boolean({ message: "subscribe must be true or false" }).optional().default(false),
  website: text().max(1000).optional(),
  page: text().max(2000).optional(),
  referrer: text().max(2000).optional(),
});
export type RsvpInput = z.input<typeof rsvpInput>;


export const RSVP_LINK_MISSING = "This link is incomplete. Open the link in your email again.";

/** POST /api/rsvps/confirm and the page GET /rsvp/confirm?token=.. the mail's link opens. */
export const rsvpConfirmInput = z.object({
  token: text({ message: RSVP_LINK_MISSING }).trim().min(1, RSVP_LINK_MISSING).max(200, "This link is not valid."),
});

/** One RSVP as the admin sees it (GET /api/admin/shows/{id}/rsvps): never the token. */
export const rsvpRecord = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string().nullable(),
  confirmed: z.boolean(),
  createdAt: timestamp,
  confirmedAt: timestamp.nullable(),
  /** when the reminder the day before went out */
  remindedAt: timestamp.nullable(),
});
export type Rsvp = z.input<typeof rsvpRecord>;

export const rsvpAnswers = {
  list: dataAnswer(z.array(rsvpRecord)),
};
