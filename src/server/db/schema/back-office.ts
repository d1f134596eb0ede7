import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./people";

/**
 * Who changed what in the back office (issue 13): one row per admin write. `description` is what
 * the person did, in a band's words, written by the route that did it ('marked the show at The
 * Pour House on Dec 8 as Sold Out'; the page puts the username before it; null in entries from
 * before issue 22, which the activity module words from the other columns). `changes` holds the
 * changed fields' names and new values, never secrets (passwords, tokens); `summary` names the
 * record the way a person would ('The Pour House on Dec 5, 2030').
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    // kept as written: the entry stays readable after the user is deleted or renamed
    username: text("username").notNull(),
    // create | update | delete | send | import | ... (what the admin did)
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    recordId: text("record_id"),
    summary: text("summary"),
    description: text("description"),
    changes: jsonb("changes").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("activity_created_idx").on(t.createdAt, t.id), index("activity_resource_idx").on(t.resource, t.createdAt), index("activity_username_idx").on(t.username, t.createdAt)],
);

/** Single-use password reset links (issue 13): the SHA-256 of the mailed token, valid 30 minutes. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_reset_user_idx").on(t.userId)],
);

/**
 * Admin creates sent twice, saved once (decision 047, plugins/repeated-writes.ts): the first
 * POST with an `Idempotency-Key` claims its row (`status` null while it runs), its 2xx answer is
 * kept here, and the same key again gets that answer instead of a second record. Shared by every
 * instance; rows go after a day (the background clean-up).
 */
export const repeatedWrites = pgTable(
  "repeated_writes",
  {
    key: text("key").primaryKey(),
    userId: integer("user_id").notNull(),
    // 'POST /api/shows': a key sent again to another route is refused, not answered with this one
    route: text("route").notNull(),
    status: integer("status"),
    answer: text("answer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("repeated_writes_created_idx").on(t.createdAt)],
);
