import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Webhook endpoints (issue 26, modules/webhooks, decision 040): where the site tells other systems
 * (a band's Discord or Slack, a helpdesk) of what happened. `secret` is the `whsec_` signing key
 * (Standard Webhooks): kept as is because every delivery is signed with it, shown to the admin
 * once at creation and never in an answer or a log again.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: serial("id").primaryKey(),
  url: text("url").notNull(),
  /** the event types it wants (shared/webhooks.ts WEBHOOK_EVENTS) */
  events: text("events").array().notNull(),
  /** standard (signed JSON) | discord | slack: how a body is written for it (modules/webhooks/formats.ts) */
  format: text("format").notNull().default("standard"),
  secret: text("secret").notNull(),
  /** the admin chose to send a fan's message text along (off: the event says a message came, not what it says) */
  includeMessage: boolean("include_message").notNull().default(false),
  /** set while paused: by the admin ('admin') or after a day of failures ('failing'); no new events are queued then */
  pausedAt: timestamp("paused_at", { withTimezone: true }),
  pausedReason: text("paused_reason"),
  /** the first failure since its last success: a day of failures pauses it */
  failingSince: timestamp("failing_since", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox: one row per event and endpoint, written in the transaction of what raised it
 * (services/webhook-events.ts), so an event is never lost when a process dies. The worker claims
 * a due row with a lease (`claim_token`, `lease_expires_at`, FOR UPDATE SKIP LOCKED), sends it and
 * records the answer under that same claim; a row whose lease ran out (its instance died between
 * send and answer) is claimed again, with the same `event_id` (the `webhook-id` header), so the
 * receiver can drop the duplicate.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial("id").primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** msg_...: the webhook-id header, the same on every attempt and on a resend */
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** the event as JSON ({ type, timestamp, data }), already without what this endpoint must not get */
    body: text("body").notNull(),
    /** pending | sending | delivered | failed (gave up after a day, or a test that failed) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimToken: text("claim_token"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** the receiver's HTTP status of the last attempt (null: no answer) */
    lastStatusCode: integer("last_status_code"),
    /** why the last attempt failed, in words (never the body or a secret) */
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** a test sent from the admin page, or a resend of an earlier delivery: one attempt, no retries */
    manual: text("manual"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the worker's question: rows due (pending) or left behind (sending, lease run out)
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);
