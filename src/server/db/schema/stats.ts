import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Site statistics (issue 23, decision 034). No column holds an address, a cookie or anything a
 * browser keeps: a visitor is `visitor`, a hash of that day's random salt, the site, the address
 * and the user agent, so the same fan is one visitor on one day and a stranger the next.
 */

/**
 * The day's salt, one row per band-time-zone day. Made by the first instance that needs it
 * (INSERT ... ON CONFLICT DO NOTHING, so every instance reads the same one) and deleted once
 * its day is over: after that nobody can tell which hashes belonged to one address.
 */
export const statsSalts = pgTable("stats_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Raw events, kept STATS_RETENTION_DAYS days. `id` is made in memory when the event is
 * recorded, so a batch written again after a failed round (the write may have landed before
 * the connection broke) is not counted twice. `kind`: 'pageview', or an outbound click ('show',
 * 'merch') with `target` the item's id, or a newsletter link ('newsletter', `target` the
 * newsletter's id, `path` the link's number in that newsletter). `path` has no query string; `source` is the name the
 * referrer or utm_source gives (instagram, newsletter, direct, ...).
 */
export const statsEvents = pgTable(
  "stats_events",
  {
    id: uuid("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    path: text("path").notNull().default(""),
    target: integer("target"),
    visitor: text("visitor").notNull(),
    source: text("source").notNull().default("direct"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    country: text("country").notNull().default("unknown"),
    region: text("region").notNull().default("unknown"),
    city: text("city").notNull().default("unknown"),
    // the city's point as the offline database gives it (its centre, not the visitor's), for the map
    latitude: real("latitude"),
    longitude: real("longitude"),
  },
  (t) => [index("stats_events_day_idx").on(t.day, t.kind), check("stats_events_kind_check", sql`${t.kind} in ('pageview', 'show', 'merch', 'newsletter')`)],
);

/**
 * Daily totals, kept for ever (the dashboard reads them): per day, a `dimension` ('total',
 * 'page', 'source', 'location', 'click') and its `key` (the path; the source; country, region and
 * city joined by a tab; 'show:12'; a newsletter's link 'newsletter:7:3'), how many visitors
 * (distinct that day) and how many events.
 */
export const statsDaily = pgTable(
  "stats_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    key: text("key").notNull(),
    visitors: integer("visitors").notNull(),
    events: integer("events").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key] })],
);

/**
 * Days already rolled into stats_daily: the rollup claims a day by inserting it here in the same
 * transaction as its totals, so across instances each day is rolled exactly once.
 */
export const statsRolledDays = pgTable("stats_rolled_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
});
