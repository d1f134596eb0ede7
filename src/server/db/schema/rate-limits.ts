import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Rate-limit counters (login, subscribe, contact), shared by every instance on one database:
// one row per route and client address, counting hits until reset_at. Rows past reset_at are
// reset by the next hit or purged by the background clean-up.
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);
