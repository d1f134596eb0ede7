import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_FORMATS } from "../webhooks";
import { dataAnswer, savedAnswer, timestamp } from "./answers";

/** An endpoint's address: http(s) only (the server refuses cloud metadata and, unless allowed, private addresses too). */
const endpointUrl = z
  .string({ message: "URL is required" })
  .trim()
  .min(1, "URL is required")
  .max(2000, "URL must be at most 2000 characters")
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "URL must be a web address starting with https:// or http://")
  .refine((v) => {
    try {
      const u = new URL(v);
      return !u.username && !u.password;
    } catch {
      return true;
    }
  }, "URL must not contain a user name or password");

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { message: `Events must be among: ${WEBHOOK_EVENTS.join(", ")}` }), { message: "Choose at least one event" })
  .min(1, "Choose at least one event")
  .transform((list) => [...new Set(list)]);

/** POST /api/admin/webhooks: `{ url, events }` (issue 26); `format` defaults to what the URL is (Discord, Slack, else signed JSON). */
export const webhookInput = z.object({
  url: endpointUrl,
  events,
  format: z.enum(WEBHOOK_FORMATS, { message: "Format must be standard, discord or slack" }).optional(),
  /** send a fan's message text along (default off: the event says a message came and from whom) */
  includeMessage: z.boolean({ message: "includeMessage must be true or false" }).optional(),
});
export type WebhookInput = z.input<typeof webhookInput>;

/** PUT /api/admin/webhooks/{id}: any of the fields, and `paused` (false also clears a pause after failures). */
export const webhookUpdate = z.object({
  url: endpointUrl.optional(),
  events: events.optional(),
  format: z.enum(WEBHOOK_FORMATS, { message: "Format must be standard, discord or slack" }).optional(),
  includeMessage: z.boolean({ message: "includeMessage must be true or false" }).optional(),
  paused: z.boolean({ message: "paused must be true or false" }).optional(),
});
export type WebhookUpdate = z.input<typeof webhookUpdate>;

export const webhookDeliveryParams = z.object({
  id: z.string().regex(/^\d+$/, "id must be a whole number").transform(Number).pipe(z.number().int().positive().max(2147483647)),
  deliveryId: z.string().regex(/^\d+$/, "deliveryId must be a whole number").transform(Number).pipe(z.number().int().positive().max(2147483647)),
});

/** One delivery as the Notifications page shows it: never its body. */
export const webhookDeliveryRecord = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** the receiver's HTTP status of the last attempt (null: no answer) */
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: timestamp.nullable(),
  nextAttemptAt: timestamp.nullable(),
  deliveredAt: timestamp.nullable(),
  /** 'test' or 'resend' when an admin asked for it */
  manual: z.string().nullable(),
  createdAt: timestamp,
});
export type WebhookDelivery = z.input<typeof webhookDeliveryRecord>;

/** An endpoint as the API sends it: never its secret (shown once, at creation). */
export const webhookRecord = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  format: z.enum(WEBHOOK_FORMATS),
  includeMessage: z.boolean(),
  paused: z.boolean(),
  /** 'admin' or 'failing' (paused by itself after a day of failures) */
  pausedReason: z.string().nullable(),
  pausedAt: timestamp.nullable(),
  failingSince: timestamp.nullable(),
  createdAt: timestamp,
  /** the latest deliveries, newest first */
  deliveries: z.array(webhookDeliveryRecord),
});
export type Webhook = z.input<typeof webhookRecord>;

export const webhookAnswers = {
  list: dataAnswer(z.array(webhookRecord)),
  /** POST: the id and the `whsec_` secret, the only time it is shown */
  created: z.object({ success: z.boolean(), message: z.string(), data: z.object({ id: z.number(), secret: z.string() }) }),
  saved: savedAnswer(webhookRecord),
  /** the test's or resend's delivery */
  delivery: savedAnswer(webhookDeliveryRecord),
};
