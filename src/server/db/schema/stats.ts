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
 * referrer or utm_source gives (instagram, newsletter, direct, ...). `written_at`: when the batch
 * reached the database (`at` is when the request came), what stats_partial_marks count up to.
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
    writtenAt: timestamp("written_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // (day, written_at): a day's events, and those written after its partial's mark (decision 035);
  // (day, visitor): that day's earlier events of the few visitors written after the mark (decision 044)
  (t) => [
    index("stats_events_day_written_idx").on(t.day, t.writtenAt),
    index("stats_events_day_visitor_idx").on(t.day, t.visitor),
    check("stats_events_kind_check", sql`${t.kind} in ('pageview', 'show', 'merch', 'newsletter', 'release')`),
  ],
);

/**
 * Daily totals, kept for ever (the dashboard reads them): per day, a `dimension` ('total',
 * 'page', 'source', 'location', 'click', 'click-location') and its `key` (the path; the source;
 * country, region, city and the city's point joined by tabs; 'show:12', a newsletter's link 'newsletter:7:3'; 'show:12' and a place),
 * how many visitors (distinct that day) and how many events. The second index reads one key over
 * many days (the report's series, one show's clicks) without the days' other rows.
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
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key] }), index("stats_daily_dimension_key_day_idx").on(t.dimension, t.key, t.day)],
);

/**
 * stats_daily summed per week (Monday to Sunday), for every week whose days are all rolled up
 * (decision 035): a long range reads a row per week and key instead of seven. Visitors add up
 * as they do over any range (a day's visitors are that day's).
 */
export const statsWeekly = pgTable(
  "stats_weekly",
  {
    week: date("week", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    key: text("key").notNull(),
    visitors: integer("visitors").notNull(),
    events: integer("events").notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.dimension, t.key] })],
);

/** Weeks already summed into stats_weekly (claimed in the same transaction, as days are). */
export const statsRolledWeeks = pgTable("stats_rolled_weeks", {
  week: date("week", { mode: "string" }).primaryKey(),
  rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The totals so far of a day not rolled up yet (today), as stats_daily will hold them (decision
 * 035): the housekeeping round adds the events written since the day's mark, each visitor of a
 * key counted once (a visitor already seen with that key earlier that day is not new), so the
 * report reads these rows and only the few events written after the mark.
 */
export const statsPartial = pgTable(
  "stats_partial",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    key: text("key").notNull(),
    visitors: integer("visitors").notNull(),
    events: integer("events").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key] })],
);

/** How far each day's stats_partial counts: the events written before `through`. */
export const statsPartialMarks = pgTable("stats_partial_marks", {
  day: date("day", { mode: "string" }).primaryKey(),
  through: timestamp("through", { withTimezone: true }).notNull(),
});

/**
 * Days already rolled into stats_daily: the rollup claims a day by inserting it here in the same
 * transaction as its totals, so across instances each day is rolled exactly once.
 */
export const statsRolledDays = pgTable("stats_rolled_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
});
