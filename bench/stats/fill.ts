/**
 * A viral quarter in `stats_events`, written with SQL (generate_series) straight into the schema
 * the migrations made: no product code, so the bench keeps working when the report's queries
 * change. One statement per day, with the product's indexes in place (the primary key on a random
 * uuid grows as it does when the batch writer inserts), so the sizes are the real ones.
 *
 * What a day holds (all skewed the way a site's traffic is: a few pages, sources and cities take
 * most of it, then a long tail):
 * - ~96 % page views on 8 pages and 60 lyric pages (`power(random(), 3)` picks the index: the
 *   home page and /shows most of all);
 * - sources: 'internal' (the site's own links) ~40 %, then direct, instagram, google, tiktok ...
 *   and 200 referring sites of the long tail; UTM medium and campaign on ~10 %;
 * - places: 3,000 cities in 40 countries (`power(random(), 4)`: the first cities dominate),
 *   5 % 'unknown', each city with its point;
 * - ~3 % ticket clicks (kind 'show', the demo's show ids) and ~1 % merch clicks;
 * - visitors: a pool of events/2.7 per day, picked with `power(random(), 1.5)`, hashed with the
 *   day: one visitor makes several page views in a day and is a stranger the next day.
 * The days' volumes follow a week's rhythm (±25 %) and add up to exactly `events`.
 */
import pg from "pg";

/** The few statements the bench runs itself, on PGlite or PostgreSQL. */
export interface Sql {
  kind: "pglite" | "postgres";
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openPostgresSql(url: string): Promise<Sql> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    kind: "postgres",
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: () => client.end(),
  };
}

/**
 * The server's PGlite data dir (DATA_DIR/db, see src/server/db/client.ts), opened by this process
 * while the server is stopped. More shared buffers than the server uses: only the fill is faster.
 */
export async function openPgliteSql(dataDir: string): Promise<Sql> {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create({ dataDir, postgresqlconf: ["shared_buffers=128MB", "maintenance_work_mem=64MB", "work_mem=16MB"] });
  return {
    kind: "pglite",
    query: async <T>(text: string, params?: unknown[]) => (await db.query(text, params)).rows as T[],
    close: () => db.close(),
  };
}

const PAGES = ["/", "/shows", "/merch", "/videos", "/lyrics", "/privacy", "/thanks", "/preferences"];
const LYRICS = Array.from({ length: 60 }, (_, i) => `/lyrics/song-${i + 1}`);
const SOURCES = ["internal", "direct", "instagram", "google", "tiktok", "facebook", "newsletter", "youtube", "x", "reddit", "spotify", "bandcamp", "bing", "duckduckgo", "threads", "bluesky", "email", "soundcloud", "yahoo", "ecosia"];
const LONG_TAIL = Array.from({ length: 200 }, (_, i) => `blog-${i + 1}.example`);
const COUNTRIES = ["US", "GB", "DE", "FR", "CA", "AU", "NL", "SE", "BR", "MX", "ES", "IT", "JP", "PL", "NO", "DK", "FI", "IE", "BE", "AT", "CH", "NZ", "AR", "CL", "PT", "CZ", "IN", "ZA", "KR", "SG", "PH", "ID", "TR", "GR", "HU", "RO", "CO", "PE", "IS", "EE"];
const CAMPAIGNS = ["tour-2026", "new-single", "summer-fest", "merch-drop", "newsletter-42"];
export const CITIES = 3000;

/**
 * One day's events in one statement: `$1` day, `$2` how many, `$3` the visitor pool, `$4` the band's
 * time zone (for `at`), `$5`/`$6` show and merch ids to click (empty arrays: no clicks of that kind).
 */
const DAY_SQL = `
insert into stats_events (id, at, day, kind, path, target, visitor, source, utm_medium, utm_campaign, country, region, city, latitude, longitude)
select gen_random_uuid(),
  ($1::date + r.t * interval '1 day') at time zone $4,
  $1::date,
  r.kind,
  case when r.kind = 'pageview' then
    case when r.p < 0.85 then (array[${PAGES.map((p) => `'${p}'`).join(",")}])[1 + floor(power(r.p / 0.85, 3) * ${PAGES.length})::int]
    else (array[${LYRICS.map((p) => `'${p}'`).join(",")}])[1 + floor(power((r.p - 0.85) / 0.15, 2) * ${LYRICS.length})::int] end
  else '' end,
  case r.kind when 'show' then ($5::int[])[1 + floor(r.p * cardinality($5::int[]))::int]
    when 'merch' then ($6::int[])[1 + floor(r.p * cardinality($6::int[]))::int] end,
  substr(md5($1::text || ':' || floor(power(r.v, 1.5) * $3)::int), 1, 22),
  case when r.s < 0.92 then (array[${SOURCES.map((s) => `'${s}'`).join(",")}])[1 + floor(power(r.s / 0.92, 2.5) * ${SOURCES.length})::int]
    else (array[${LONG_TAIL.map((s) => `'${s}'`).join(",")}])[1 + floor(power((r.s - 0.92) / 0.08, 2) * ${LONG_TAIL.length})::int] end,
  case when r.u < 0.1 then (array['social','email','paid','story'])[1 + floor(r.u * 40)::int] end,
  case when r.u < 0.1 then (array[${CAMPAIGNS.map((c) => `'${c}'`).join(",")}])[1 + floor(r.u * 50)::int] end,
  case when r.c < 0.05 then 'unknown' else (array[${COUNTRIES.map((c) => `'${c}'`).join(",")}])[1 + r.city % ${COUNTRIES.length}] end,
  case when r.c < 0.05 then 'unknown' else 'Region ' || (r.city % 97) end,
  case when r.c < 0.05 then 'unknown' else 'City ' || r.city end,
  case when r.c >= 0.05 then ((r.city * 37) % 140 - 70)::real end,
  case when r.c >= 0.05 then ((r.city * 91) % 360 - 180)::real end
from (
  select r0.*, floor(power(r0.c, 4) * ${CITIES})::int as city,
    case when r0.k < 0.03 and cardinality($5::int[]) > 0 then 'show' when r0.k < 0.04 and cardinality($6::int[]) > 0 then 'merch' else 'pageview' end as kind
  -- volatile random() keeps this subquery from being flattened: each column is drawn once a row
  from (select random() as t, random() as p, random() as s, random() as u, random() as v, random() as k, random() as c from generate_series(1, $2::int)) r0
) r`;

/** `events` over `days` days ending `lastDay` (included), as evenly as a week's rhythm allows. */
export function dayPlan(events: number, days: number, lastDay: string): { day: string; events: number }[] {
  const weights = Array.from({ length: days }, (_, i) => 1 + 0.25 * Math.sin((2 * Math.PI * i) / 7));
  const sum = weights.reduce((a, b) => a + b, 0);
  const plan = weights.map((w, i) => ({ day: addDays(lastDay, i - days + 1), events: Math.floor((events * w) / sum) }));
  plan[plan.length - 1].events += events - plan.reduce((a, p) => a + p.events, 0);
  return plan;
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Fills the plan day by day; `progress` after each day with the events so far. */
export async function fill(sql: Sql, plan: { day: string; events: number }[], o: { timeZone: string; showIds: number[]; merchIds: number[] }, progress: (done: number, day: string) => void): Promise<void> {
  let done = 0;
  for (const { day, events } of plan) {
    await sql.query(DAY_SQL, [day, events, Math.max(1, Math.round(events / 2.7)), o.timeZone, o.showIds, o.merchIds]);
    done += events;
    progress(done, day);
  }
}

export interface Sizes {
  rawRows: number;
  rawTable: number; // heap + toast
  rawIndexes: number;
  dailyRows: number;
  dailyTotal: number; // heap + indexes
  rolledDays: number;
}

/** The stats tables' sizes as PostgreSQL counts them (pg_table_size, pg_indexes_size). */
export async function sizes(sql: Sql): Promise<Sizes> {
  const [r] = await sql.query<Record<string, string | number>>(`
    select (select count(*) from stats_events) as raw_rows,
      pg_table_size('stats_events') as raw_table, pg_indexes_size('stats_events') as raw_indexes,
      (select count(*) from stats_daily) as daily_rows, pg_total_relation_size('stats_daily') as daily_total,
      (select count(*) from stats_rolled_days) as rolled_days`);
  return { rawRows: Number(r.raw_rows), rawTable: Number(r.raw_table), rawIndexes: Number(r.raw_indexes), dailyRows: Number(r.daily_rows), dailyTotal: Number(r.daily_total), rolledDays: Number(r.rolled_days) };
}
