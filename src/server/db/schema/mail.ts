import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { subscribers } from "./people";

export const newsletters = pgTable("newsletters", {
  id: serial("id").primaryKey(),
  subject: text("subject").notNull(),
  contentHtml: text("content_html").notNull(),
  contentText: text("content_text").notNull(),
  // what the band wrote (before sanitising), so a scheduled newsletter can be edited as written; null on older rows
  content: text("content"),
  targetShows: boolean("target_shows").notNull().default(false),
  targetReleases: boolean("target_releases").notNull().default(false),
  targetMerch: boolean("target_merch").notNull().default(false),
  // only subscribers in these regions (empty: everyone); see shared/regions.ts
  regions: text("regions").array().notNull().default(sql`'{}'::text[]`),
  // only subscribers within near_miles of this show's venue (issue 24, modules/places); null: anywhere
  nearShowId: integer("near_show_id"),
  nearMiles: integer("near_miles"),
  // scheduled (waits for scheduled_at; recipients are chosen when it starts) | cancelled | queued | sending | done
  status: text("status").notNull().default("queued"),
  scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
  createdBy: text("created_by"),
  totalRecipients: integer("total_recipients").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});

// One row per recipient. status: pending | sending | sent | failed | unknown | skipped.
// A row in 'sending' belongs to the instance in claimed_by until lease_expires_at (renewed while
// it sends); one whose lease ran out (its instance died) becomes 'unknown': reported, never resent.
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: serial("id").primaryKey(),
    newsletterId: integer("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id").references(() => subscribers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    // SHA-256 of the personal unsubscribe token minted for this one mail (written before the
    // SMTP call, so the link in a mail whose outcome is unknown still works).
    unsubscribeTokenHash: text("unsubscribe_token_hash"),
    // SHA-256 of the personal preferences-page token minted with it (a separate, single-purpose token)
    preferencesTokenHash: text("preferences_token_hash"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // the instance (INSTANCE_ID) that last claimed the row; kept after the outcome, for the record
    claimedBy: text("claimed_by"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("deliveries_newsletter_email_unique").on(t.newsletterId, t.email),
    index("deliveries_status_idx").on(t.status, t.nextAttemptAt),
    index("deliveries_newsletter_status_idx").on(t.newsletterId, t.status),
    uniqueIndex("deliveries_unsubscribe_token_unique").on(t.unsubscribeTokenHash),
    uniqueIndex("deliveries_preferences_token_unique").on(t.preferencesTokenHash),
  ],
);

/**
 * Newsletters being written (issue 21): shared by the band, autosaved by the composer, consumed
 * when one is sent or scheduled. `revision` rises with every save, so a save made from a screen
 * that had not seen the latest one is refused instead of overwriting it.
 */
export const newsletterDrafts = pgTable(
  "newsletter_drafts",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull().default(""),
    content: text("content").notNull().default(""),
    targetShows: boolean("target_shows").notNull().default(true),
    targetReleases: boolean("target_releases").notNull().default(true),
    targetMerch: boolean("target_merch").notNull().default(true),
    regions: text("regions").array().notNull().default(sql`'{}'::text[]`),
    // the time chosen in the Send tab (null: send now); it may pass while the draft waits
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    // fans near a show, as the Send tab had it (issue 24); null: anywhere
    nearShowId: integer("near_show_id"),
    nearMiles: integer("near_miles"),
    revision: integer("revision").notNull().default(1),
    createdBy: text("created_by"),
    updatedBy: text("updated_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("newsletter_drafts_updated_idx").on(t.updatedAt)],
);
