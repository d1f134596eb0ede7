import { randomBytes } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { SERVICE_LABELS, type ReleaseService } from "@shared/release-services";
import type { Db } from "../../db/client";
import { merchandise, rateLimits, releases, shows, statsEvents, statsRolledDays, statsSalts } from "../../db/schema";
import { FIRST_COUNTED_DAY } from "./totals";

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

/**
 * One batch in one statement; an event already written (a retried batch) is skipped by its id.
 * The batch travels as one JSON parameter read by json_to_recordset, not as a VALUES list: with
 * 2,000 rows of 15 columns, Drizzle's builder spent ~100 µs of the server's CPU per event on the
 * 30,000 parameters (profile of 20,000 beacons, 27 Nov 2026), more than the request itself.
 */
export async function insertEvents(db: Db, events: StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({
    id: e.id,
    at: e.at instanceof Date ? e.at.toISOString() : e.at,
    day: e.day,
    kind: e.kind,
    path: e.path ?? "",
    target: e.target ?? null,
    visitor: e.visitor,
    source: e.source ?? "direct",
    utm_medium: e.utmMedium ?? null,
    utm_campaign: e.utmCampaign ?? null,
    country: e.country ?? "unknown",
    region: e.region ?? "unknown",
    city: e.city ?? "unknown",
    latitude: e.latitude ?? null,
    longitude: e.longitude ?? null,
  }));
  await db.execute(sql`
    insert into ${statsEvents} (id, at, day, kind, path, target, visitor, source, utm_medium, utm_campaign, country, region, city, latitude, longitude)
    select id, at, day, kind, path, target, visitor, source, utm_medium, utm_campaign, country, region, city, latitude, longitude
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(
      id uuid, at timestamptz, day date, kind text, path text, target integer, visitor text, source text,
      utm_medium text, utm_campaign text, country text, region text, city text, latitude real, longitude real)
    on conflict (id) do nothing`);
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
 * Rolled-up days before `cutoff` that still have raw events: what the retention drops. Each day
 * from the oldest event on is probed by the day index, as unrolledDays does.
 */
export async function expiredDays(db: Db, cutoff: string): Promise<string[]> {
  const result = await db.execute(sql`
    select d::date::text as day from generate_series((select min(day) from ${statsEvents}), ${cutoff}::date - 1, interval '1 day') d
    where exists (select 1 from ${statsEvents} e where e.day = d::date)
      and exists (select 1 from ${statsRolledDays} r where r.day = d::date)
    order by 1`);
  return rowsOf<{ day: string }>(result).map((r) => r.day);
}

/**
 * Drops one rolled-up day's raw events (the rollups stay for ever); answers how many. A day per
 * statement: on PGlite a whole quarter's delete was one statement of minutes in the server's thread.
 */
export async function dropEventsOf(db: Db, day: string): Promise<number> {
  const result = await db.execute(sql`
    delete from ${statsEvents} e where e.day = ${day}
    and exists (select 1 from ${statsRolledDays} r where r.day = e.day)`);
  return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
}

/** How a show is named in the stats: 'The Pour House, Raleigh, NC (2031-01-05)'. */
export const showLabel = (show: { venue: string; location: string; date: string }) => `${show.venue}, ${show.location} (${show.date})`;

/** The show a per-show report is about, or null. */
export async function showForStats(db: Db, id: number) {
  const [row] = await db
    .select({ id: shows.id, venue: shows.venue, location: shows.location, date: shows.date, createdAt: shows.createdAt })
    .from(shows)
    .where(eq(shows.id, id))
    .limit(1);
  return row ?? null;
}

/** What releases' clicked links are called now ('Static Season on Spotify'), keyed 'release:{id}:{service}' (a deleted one is absent). */
export async function releaseClickLabels(db: Db, keys: string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const ids = [...new Set(keys.map((k) => Number(k.split(":")[1])).filter((n) => Number.isInteger(n) && n > 0))];
  if (ids.length === 0) return labels;
  const rows = await db.select({ id: releases.id, title: releases.title }).from(releases).where(inArray(releases.id, ids));
  const titles = new Map(rows.map((r) => [r.id, r.title]));
  for (const key of keys) {
    const [, id, service] = key.split(":");
    const title = titles.get(Number(id));
    if (title) labels.set(key, `${title} on ${SERVICE_LABELS[service as ReleaseService] ?? service}`);
  }
  return labels;
}

/** What the clicked items are called now (a deleted one is absent). */
export async function clickLabels(db: Db, showIds: number[], merchIds: number[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  if (showIds.length > 0) {
    const rows = await db.select({ id: shows.id, venue: shows.venue, location: shows.location, date: shows.date }).from(shows).where(inArray(shows.id, showIds));
    for (const r of rows) labels.set(`show:${r.id}`, showLabel(r));
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

/** Where /go/release/:id/:service leads: that service's link of a published release that is out, or null. */
export async function releaseLink(db: Db, id: number, service: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ links: releases.links })
    .from(releases)
    .where(and(eq(releases.id, id), eq(releases.published, true), sql`${releases.releaseAt} <= ${now.toISOString()}::timestamptz`))
    .limit(1);
  const url = row?.links.find((l) => l.service === service)?.url;
  return url && /^https:\/\//i.test(url) ? url : null;
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

/** The first day anything was counted (a raw event or a rolled-up day), or null: the Insights page's "nothing yet". */
export async function firstCountedDay(db: Db): Promise<string | null> {
  const result = await db.execute(sql`select ${FIRST_COUNTED_DAY}::text as day`);
  return rowsOf<{ day: string | null }>(result)[0]?.day ?? null;
}
