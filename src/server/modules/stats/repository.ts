import { randomBytes } from "node:crypto";
import { and, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { merchandise, rateLimits, shows, statsDaily, statsEvents, statsRolledDays, statsSalts } from "../../db/schema";

import { INTERNAL_SOURCE } from "./sources";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;


/** An event as the collector writes it: the visitor already hashed, no address anywhere. */
export type StoredEvent = typeof statsEvents.$inferInsert;

/**
 * The salts of `days`, made where missing. Every instance inserts its own random candidate and
 * keeps whichever row won, so two instances that meet a new day at once hash with one salt.
 */
export async function saltsOf(db: Db, days: string[]): Promise<Map<string, string>> {
  if (days.length === 0) return new Map();
  await db
    .insert(statsSalts)
    .values(days.map((day) => ({ day, salt: randomBytes(32).toString("base64url") })))
    .onConflictDoNothing();
  const rows = await db.select({ day: statsSalts.day, salt: statsSalts.salt }).from(statsSalts).where(inArray(statsSalts.day, days));
  return new Map(rows.map((r) => [r.day, r.salt]));
}

/** Forgets the salts of days before `today`: after this their visitors cannot be linked to an address. */
export async function dropOldSalts(db: Db, today: string): Promise<number> {
  const gone = await db.delete(statsSalts).where(lt(statsSalts.day, today)).returning({ day: statsSalts.day });
  return gone.length;
}

/** One batch in one statement; an event already written (a retried batch) is skipped by its id. */
export async function insertEvents(db: Db, events: StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(statsEvents).values(events).onConflictDoNothing({ target: statsEvents.id });
}

/**
 * Adds each key's hits to its shared counter (rate_limits, the table @fastify/rate-limit's store
 * uses; the keys are hashed, never an address) and answers the totals across instances.
 */
export async function addHits(db: Db, hits: Map<string, number>, windowMs: number): Promise<Map<string, { count: number; ttl: number }>> {
  if (hits.size === 0) return new Map();
  const result = await db.execute(sql`
    insert into ${rateLimits} as r (key, count, reset_at)
    select h.key, h.value::int, now() + ${windowMs}::integer * interval '1 millisecond'
    from json_each_text(${JSON.stringify(Object.fromEntries(hits))}::json) as h
    on conflict (key) do update set
      count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning key, count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl`);
  return new Map(rowsOf<{ key: string; count: number | string; ttl: number | string }>(result).map((r) => [r.key, { count: Number(r.count), ttl: Number(r.ttl) }]));
}

/**
 * The 'click' dimension's key: 'show:12', 'merch:4', and for a newsletter its link too,
 * 'newsletter:7:3' (link 3 of newsletter 7; the event's `path`). Shows and merch have no path.
 */
const CLICK_KEY = sql.raw(`kind || ':' || target || case when kind = 'newsletter' then ':' || path else '' end`);

/**
 * The daily totals of the raw events that `where` selects, one row per day, dimension and key:
 * what the rollup stores and what the report reads for days not rolled yet (today).
 */
function dailyTotals(where: SQL): SQL {
  const ev = sql`(select * from ${statsEvents} where ${where}) e`;
  return sql`
    select day, 'total' as dimension, '' as key, count(distinct visitor)::int as visitors, count(*)::int as events
      from ${ev} where kind = 'pageview' group by day
    union all
    select day, 'page', path, count(distinct visitor)::int, count(*)::int
      from ${ev} where kind = 'pageview' group by day, path
    union all
    select day, 'source', source, count(distinct visitor)::int, count(*)::int
      from ${ev} where kind = 'pageview' and source <> ${INTERNAL_SOURCE} group by day, source
    union all
    select day, 'location', country || E'\t' || region || E'\t' || city, count(distinct visitor)::int, count(*)::int
      from ${ev} where kind = 'pageview' group by day, country, region, city
    union all
    select day, 'click', ${CLICK_KEY}, count(distinct visitor)::int, count(*)::int
      from ${ev} where kind <> 'pageview' group by day, ${CLICK_KEY}
    union all
    select day, 'click-location', kind || ':' || target || E'\t' || country || E'\t' || region || E'\t' || city, count(distinct visitor)::int, count(*)::int
      from ${ev} where kind <> 'pageview' group by day, kind, target, country, region, city`;
}

/** Days with raw events before `before` that are not rolled up yet. */
export async function unrolledDays(db: Db, before: string): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct e.day::text as day from ${statsEvents} e
    where e.day < ${before} and not exists (select 1 from ${statsRolledDays} r where r.day = e.day)
    order by 1`);
  return rowsOf<{ day: string }>(result).map((r) => r.day);
}

/**
 * Rolls one day into stats_daily, exactly once across instances: the day is claimed by its row
 * in stats_rolled_days in the same transaction as its totals (a second instance waits on that
 * row's key and then finds it taken). Answers whether this call rolled it.
 */
export async function rollUpDay(db: Db, day: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(statsRolledDays).values({ day }).onConflictDoNothing().returning({ day: statsRolledDays.day });
    if (claimed.length === 0) return false;
    await tx.execute(sql`insert into ${statsDaily} (day, dimension, key, visitors, events) ${dailyTotals(sql`day = ${day}`)}`);
    return true;
  });
}

/** Drops raw events of rolled-up days before `cutoff` (the rollups stay for ever). */
export async function dropOldEvents(db: Db, cutoff: string): Promise<number> {
  const result = await db.execute(sql`
    delete from ${statsEvents} e where e.day < ${cutoff}
    and exists (select 1 from ${statsRolledDays} r where r.day = e.day)`);
  return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
}

export interface Total {
  dimension: string;
  key: string;
  visitors: number;
  events: number;
}

/** The totals of the days from..to: the rollups of rolled days, the raw events of the others. */
export async function totalsBetween(db: Db, from: string, to: string): Promise<Total[]> {
  const live = dailyTotals(sql`day between ${from} and ${to} and not exists (select 1 from ${statsRolledDays} r where r.day = ${statsEvents.day})`);
  const result = await db.execute(sql`
    select dimension, key, sum(visitors)::int as visitors, sum(events)::int as events from (
      select day, dimension, key, visitors, events from ${statsDaily} where day between ${from} and ${to}
      union all ${live}
    ) t group by dimension, key`);
  return rowsOf<{ dimension: string; key: string; visitors: number | string; events: number | string }>(result).map((r) => ({
    dimension: r.dimension,
    key: r.key,
    visitors: Number(r.visitors),
    events: Number(r.events),
  }));
}

/** What the clicked items are called now (a deleted one is absent). */
export async function clickLabels(db: Db, showIds: number[], merchIds: number[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  if (showIds.length > 0) {
    const rows = await db.select({ id: shows.id, venue: shows.venue, location: shows.location, date: shows.date }).from(shows).where(inArray(shows.id, showIds));
    for (const r of rows) labels.set(`show:${r.id}`, `${r.venue}, ${r.location} (${r.date})`);
  }
  if (merchIds.length > 0) {
    const rows = await db.select({ id: merchandise.id, name: merchandise.name }).from(merchandise).where(inArray(merchandise.id, merchIds));
    for (const r of rows) labels.set(`merch:${r.id}`, r.name);
  }
  return labels;
}

/** The link /go/show/:id leads to: the show's ticket link, or null (no such show, or none set). */
export async function showTicketLink(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ eventUrl: shows.eventUrl }).from(shows).where(eq(shows.id, id)).limit(1);
  return row?.eventUrl && /^https?:\/\//i.test(row.eventUrl) ? row.eventUrl : null;
}

/** The merch item's shop link as the public card shows it, or null. */
export async function merchLink(db: Db, id: number): Promise<{ storeUrl: string; amazonUrl: string; comingSoon: boolean } | null> {
  const [row] = await db
    .select({ storeUrl: merchandise.storeUrl, amazonUrl: merchandise.amazonUrl, comingSoon: merchandise.comingSoon })
    .from(merchandise)
    .where(and(eq(merchandise.id, id)))
    .limit(1);
  return row ?? null;
}
