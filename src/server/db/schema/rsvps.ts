import { sql } from "drizzle-orm";
import type { ShowStatus } from "@shared/show-status";
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { shows } from "./content";

/**
 * 'I'm going' on a show (issue 24, modules/rsvps): one row per show and address, confirmed by a
 * link in a mail (the token stored hashed, as the mailing list stores its own). No IP address is
 * kept. The `told_*` columns are what the fan was last told of the show (set when they confirm,
 * then by each notice), so the module's background round can find the shows that changed since
 * and tell each fan once, without the shows module calling it.
 */
export const rsvps = pgTable(
  "rsvps",
  {
    id: serial("id").primaryKey(),
    showId: integer("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    /** trimmed and lower-cased, as the mailing list keeps addresses */
    email: text("email").notNull(),
    name: text("name"),
    /** SHA-256 of the confirmation link's token; the raw token is only ever in the mail */
    tokenHash: text("token_hash"),
    /** when the last confirmation mail went out: the link's expiry, and at most one mail per few minutes */
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** the show's date the reminder went out for: a show moved to another day is reminded again */
    remindedFor: date("reminded_for", { mode: "string" }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    toldDate: date("told_date", { mode: "string" }),
    toldTime: text("told_time"),
    toldVenue: text("told_venue"),
    toldLocation: text("told_location"),
    toldStatus: text("told_status").$type<ShowStatus>(),
    /** the last notice of a change (cancelled, postponed, moved) */
    toldAt: timestamp("told_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("rsvps_show_email_unique").on(t.showId, t.email),
    uniqueIndex("rsvps_token_unique").on(t.tokenHash),
    // the counts on the public cards and the rounds read only the confirmed ones
    index("rsvps_confirmed_idx").on(t.showId).where(sql`${t.confirmedAt} is not null`),
  ],
);

/**
 * The 'Can't make it?' links of a confirmed RSVP's mails (the reminder, the notices): one token
 * per mail, stored hashed, so a fan can take their name off the list from any of them. They go
 * with the RSVP (taken off, or its show deleted).
 */
export const rsvpLeaveTokens = pgTable(
  "rsvp_leave_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    rsvpId: integer("rsvp_id")
      .notNull()
      .references(() => rsvps.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rsvp_leave_tokens_rsvp_idx").on(t.rsvpId)],
);
