import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { statsDaily, statsEvents, statsPartial, statsPartialMarks, statsRolledDays, statsRolledWeeks, statsWeekly } from "../../db/schema";
import { dayAfter, daysBetween, mondayOf } from "./days";
import { INTERNAL_SOURCE } from "./sources";

/**
 * The stats' totals (decisions 034 and 035): computed from raw events, kept per day (stats_daily),
 * per week (stats_weekly) and, for a day not rolled up yet, so far (stats_partial); and read back
 * for any range of days in one statement.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How long after a batch was written its events are added to the day's partial totals: longer than any batch insert takes to commit. */
const WRITE_GRACE = "10 seconds";

/** A place's key in the 'location' and 'click-location' dimensions: country, region, city and, when known, the city's point, joined by tabs. */
const PLACE_KEY = sql`country || E'\t' || region || E'\t' || city || coalesce(E'\t' || round(latitude::numeric, 2)::text || E'\t' || round(longitude::numeric, 2)::text, '')`;

/** The event columns the totals read. */
const EVENT_COLUMNS = sql`day, kind, path, target, visitor, source, country, region, city, latitude, longitude`;

/**
 * The 'click' dimension's key: 'show:12', 'merch:4', and for a newsletter its link too,
 * 'newsletter:7:3' (link 3 of newsletter 7, the event's `path`), and a release's its service,
 * 'release:2:spotify'. Shows and merch have no path.
 */
const CLICK_KEY = sql`kind || ':' || target || case when kind in ('newsletter', 'release') then ':' || path else '' end`;

const PAGEVIEW = sql`kind = 'pageview'`;
const CLICK = sql`kind <> 'pageview'`;

/** Each dimension: its key, and the events it counts. */
const DIMENSIONS: { name: string; key: SQL; events: SQL }[] = [
  { name: "total", key: sql`''`, events: PAGEVIEW },
  { name: "page", key: sql`path`, events: PAGEVIEW },
  { name: "source", key: sql`source`, events: sql`kind = 'pageview' and source <> ${INTERNAL_SOURCE}` },
  { name: "location", key: PLACE_KEY, events: PAGEVIEW },
  { name: "click", key: CLICK_KEY, events: CLICK },
  { name: "click-location", key: sql`kind || ':' || target || E'\t' || ${PLACE_KEY}`, events: CLICK },
];

/**
 * Rows (day, dimension, key, visitors, events) of the events `events` names (a table or a
 * subquery with EVENT_COLUMNS). With `earlier` (events of the same days written before them), a
 * visitor already there with a key is not counted for it again: the totals to add to those of
 * `earlier`. A key's visitors are counted as its (key, visitor) pairs, then pairs per key: two
 * hash aggregates where count(distinct visitor) would sort every event; the earlier pairs join
 * the first aggregate as marked rows, so no join depends on the planner's guess of their number.
 */
function totalsOfEvents(events: SQL, earlier?: SQL): SQL {
  const branches = DIMENSIONS.map(({ name, key, events: counted }) => {
    const dimension = sql.raw(`'${name}'`);
    if (!earlier) {
      return sql`
        select day, ${dimension} as dimension, key, count(*)::int as visitors, sum(n)::int as events from (
          select day, ${key} as key, visitor, count(*) as n from ${events} e where ${counted} group by 1, 2, 3
        ) p group by day, key`;
    }
    return sql`
      select day, ${dimension} as dimension, key, (count(*) filter (where not seen))::int as visitors, sum(n)::int as events from (
        select day, key, visitor, count(*) filter (where not before) as n, bool_or(before) as seen from (
          select day, ${key} as key, visitor, false as before from ${events} e where ${counted}
          union all select day, ${key}, visitor, true from ${earlier} e where ${counted}
        ) x group by day, key, visitor
      ) p where n > 0 group by day, key`;
  });
  return sql.join(branches, sql` union all `);
}

/** A day's raw events as totalsOfEvents reads them. */
const eventsOf = (day: string) => sql`(select ${EVENT_COLUMNS} from ${statsEvents} where day = ${day})`;

/**
 * The first day anything was counted, as a scalar subquery: the first rolled-up day (a rolled day
 * has rows in stats_daily), or a day before it with raw events. Raw events are only looked for
 * before the first rolled-up day: on PGlite (never vacuumed) the index entries of dropped events,
 * all of rolled-up days, stay at the low end of the day index, and `min(day)` over the whole
 * table walked them: 5,000 pages after a quarter at 10 M events (decision 044).
 */
export const FIRST_COUNTED_DAY = sql`(select least(r.day, (select min(day) from ${statsEvents} where day < coalesce(r.day, 'infinity'))) from (select min(day) as day from ${statsDaily}) r)`;

/**
 * Days before `before` with raw events that are not rolled up yet. Each day from the first
 * counted on is probed, rolled-up days by stats_rolled_days, the others by the day index: the
 * events table itself is never scanned.
 */
export async function unrolledDays(db: Db, before: string): Promise<string[]> {
  const result = await db.execute(sql`
    select d::date::text as day from generate_series(${FIRST_COUNTED_DAY}, ${before}::date - 1, interval '1 day') d
    where not exists (select 1 from ${statsRolledDays} r where r.day = d::date)
      and exists (select 1 from ${statsEvents} e where e.day = d::date)
    order by 1`);
  return rowsOf<{ day: string }>(result).map((r) => r.day);
}

/**
 * Rolls one day into stats_daily, exactly once across instances: the day is claimed by its row
 * in stats_rolled_days in the same transaction as its totals (a second instance waits on that
 * row's key and then finds it taken). Its partial totals go; and if its week was summed already
 * (its events came after a long database outage), its totals are added to the week's. Answers
 * whether this call rolled it.
 */
export async function rollUpDay(db: Db, day: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(statsRolledDays).values({ day }).onConflictDoNothing().returning({ day: statsRolledDays.day });
    if (claimed.length === 0) return false;
    await tx.execute(sql`insert into ${statsDaily} (day, dimension, key, visitors, events) ${totalsOfEvents(eventsOf(day))}`);
    const week = mondayOf(day);
    await tx.execute(sql`
      insert into ${statsWeekly} as w (week, dimension, key, visitors, events)
      select ${week}::date, dimension, key, visitors, events from ${statsDaily}
      where day = ${day} and exists (select 1 from ${statsRolledWeeks} r where r.week = ${week})
      on conflict (week, dimension, key) do update set visitors = w.visitors + excluded.visitors, events = w.events + excluded.events`);
    await tx.execute(sql`delete from ${statsPartialMarks} where day = ${day}`);
    await tx.execute(sql`delete from ${statsPartial} where day = ${day}`);
    return true;
  });
}

/**
 * The weeks (their Mondays) to sum into stats_weekly: each week (Monday to Sunday) that ended
 * before `settled` (every day before it is rolled up by then), from the week after the last one
 * summed (or the first with totals) on.
 */
export async function weeksToRoll(db: Db, settled: string): Promise<string[]> {
  const [known] = rowsOf<{ last: string | null; first: string | null }>(
    await db.execute(sql`select (select max(week) from ${statsRolledWeeks})::text as last, (select min(day) from ${statsDaily})::text as first`),
  );
  const start = known.last ? dayAfter(known.last, 7) : known.first ? mondayOf(known.first) : null;
  const weeks: string[] = [];
  for (let week = start; week && dayAfter(week, 6) < settled; week = dayAfter(week, 7)) weeks.push(week);
  return weeks;
}

/**
 * Sums the week of `monday` into stats_weekly, once across instances: claimed like a day. Answers
 * whether this call summed it.
 */
export async function rollUpWeek(db: Db, monday: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(statsRolledWeeks).values({ week: monday }).onConflictDoNothing().returning({ week: statsRolledWeeks.week });
    if (claimed.length === 0) return false;
    await tx.execute(sql`
      insert into ${statsWeekly} (week, dimension, key, visitors, events)
      select ${monday}::date, dimension, key, sum(visitors)::int, sum(events)::int from ${statsDaily}
      where day between ${monday} and ${dayAfter(monday, 6)} group by dimension, key`);
    return true;
  });
}

/**
 * Brings the partial totals of every day not rolled up yet (today; yesterday until it is) up to
 * the events written WRITE_GRACE ago: the events written since the day's mark are added, a
 * visitor counted for a key only if not seen with it before the mark. Each day in its own
 * transaction that locks the day's mark, so instances take turns and add each event once.
 * Answers how many days moved.
 */
export async function advancePartials(db: Db, today: string): Promise<number> {
  let advanced = 0;
  for (const day of await unrolledDays(db, dayAfter(today, 1))) if (await advancePartial(db, day)) advanced++;
  return advanced;
}

async function advancePartial(db: Db, day: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into ${statsPartialMarks} (day, through) values (${day}, '-infinity') on conflict do nothing`);
    const [mark] = rowsOf<{ through: string; upto: string; due: boolean; rolled: boolean }>(
      await tx.execute(sql`
        select m.through::text as through, (now() - ${WRITE_GRACE}::interval)::text as upto, m.through < now() - ${WRITE_GRACE}::interval as due,
          exists (select 1 from ${statsRolledDays} r where r.day = m.day) as rolled
        from ${statsPartialMarks} m where m.day = ${day} for update`),
    );
    if (mark.rolled) {
      // rolled up meanwhile by another instance: its partial totals are not needed any more
      await tx.execute(sql`delete from ${statsPartialMarks} where day = ${day}`);
      return false;
    }
    if (!mark.due) return false;
    await tx.execute(sql`
      with seg as materialized (
        select ${EVENT_COLUMNS} from ${statsEvents} where day = ${day} and written_at >= ${mark.through}::timestamptz and written_at < ${mark.upto}::timestamptz
      ), earlier as materialized (
        select ${EVENT_COLUMNS} from ${statsEvents} where day = ${day} and written_at < ${mark.through}::timestamptz and visitor in (select visitor from seg)
      )
      insert into ${statsPartial} as p (day, dimension, key, visitors, events)
      select day, dimension, key, visitors, events from (${totalsOfEvents(sql`seg`, sql`earlier`)}) t
      on conflict (day, dimension, key) do update set visitors = p.visitors + excluded.visitors, events = p.events + excluded.events`);
    await tx.execute(sql`update ${statsPartialMarks} set through = ${mark.upto}::timestamptz where day = ${day}`);
    return true;
  });
}

export interface Total {
  /** the day of a read `perDay`, else null (summed over the read's days) */
  day: string | null;
  dimension: string;
  key: string;
  visitors: number;
  events: number;
}

/** One part of a totals read: days from..to (both included), the rows `where` keeps (a condition on `dimension` and `key`; all when absent). */
export interface TotalsRead {
  from: string;
  to: string;
  where?: SQL;
  /** one row per day (`day` set) instead of one summed over the days */
  perDay?: boolean;
}

/** The days from..to outside the given weeks. */
function daysOutside(from: string, to: string, weeks: string[]): string[] {
  const covered = new Set(weeks.flatMap((w) => daysBetween(w, dayAfter(w, 6))));
  return daysBetween(from, to).filter((day) => !covered.has(day));
}

const dateArray = (days: string[]) => sql`${`{${days.join(",")}}`}::date[]`;

/**
 * Totals per dimension and key for each read, summed over its days or per day, in one statement
 * after a small one that says which days and weeks are rolled and how far the partial totals go:
 * - a rolled week inside a read that is not per day: its stats_weekly rows;
 * - its other days: stats_daily (a day rolled between the two statements is counted there once,
 *   the live side leaving out every day stats_rolled_days has by then);
 * - a day not rolled: its stats_partial rows, plus the events written after its mark (their
 *   visitors counted against the day's earlier events), or all its events when it has no mark.
 * The raw events read are only those of days not rolled, by stats_events' (day, written_at) index.
 */
export async function totalsOf(db: Db, reads: TotalsRead[]): Promise<Total[]> {
  if (reads.length === 0) return [];
  const from = reads.map((r) => r.from).reduce((a, b) => (a < b ? a : b));
  const to = reads.map((r) => r.to).reduce((a, b) => (a > b ? a : b));
  const known = rowsOf<{ what: string; day: string; through: string | null }>(
    await db.execute(sql`
      select 'day' as what, day::text as day, null::text as through from ${statsRolledDays} where day between ${from} and ${to}
      union all select 'week', week::text, null from ${statsRolledWeeks} where week between ${mondayOf(from)} and ${to}
      union all select 'mark', day::text, through::text from ${statsPartialMarks} where day between ${from} and ${to}
      union all select 'raw', d::date::text, null from generate_series(${from}::date, ${to}::date, interval '1 day') d
        where not exists (select 1 from ${statsRolledDays} r where r.day = d::date) and exists (select 1 from ${statsEvents} e where e.day = d::date)`),
  );
  const rolled = new Set(known.filter((k) => k.what === "day").map((k) => k.day));
  const weeks = known.filter((k) => k.what === "week").map((k) => k.day);
  const marks = new Map(known.filter((k) => k.what === "mark").map((k) => [k.day, k.through!]));
  // the days read raw: not rolled up and with events (probed by the day index). Not every day
  // not rolled: the previous range of a long report is mostly days before the first event, and
  // listing those made the raw reads below a scan of the whole table on PGlite (decision 044)
  const raw = new Set(known.filter((k) => k.what === "raw" || k.what === "mark").map((k) => k.day));
  const liveDays = [...new Set(reads.flatMap((r) => daysBetween(r.from, r.to)))].filter((d) => raw.has(d) && !rolled.has(d)).sort();

  const parts = reads.flatMap(({ from, to, where = sql`true`, perDay = false }) => {
    const day = perDay ? sql`day::text` : sql`null::text`;
    const used = perDay ? [] : weeks.filter((w) => w >= from && dayAfter(w, 6) <= to);
    const days = daysOutside(from, to, used);
    const live = liveDays.filter((d) => d >= from && d <= to);
    const part: SQL[] = [];
    // the days as one list, not ranges joined by OR: PostgreSQL reads OR'ed ranges with a scan
    // of the whole table (decision 044)
    if (days.length > 0) part.push(sql`select ${day} as day, dimension, key, visitors, events from ${statsDaily} where day = any(${dateArray(days)}) and (${where})`);
    if (used.length > 0) part.push(sql`select null::text as day, dimension, key, visitors, events from ${statsWeekly} where week = any(${dateArray(used)}) and (${where})`);
    if (live.length > 0) {
      part.push(sql`
        select ${day} as day, dimension, key, visitors, events from ${statsPartial} p
        where day = any(${dateArray(live)}) and not exists (select 1 from ${statsRolledDays} r where r.day = p.day) and (${where})`);
      part.push(sql`select ${day} as day, dimension, key, visitors, events from live where day = any(${dateArray(live)}) and (${where})`);
    }
    return part;
  });

  let withLive = sql``;
  if (liveDays.length > 0) {
    const marked = liveDays.filter((d) => marks.has(d));
    const unmarked = liveDays.filter((d) => !marks.has(d));
    // index ranges from the marks read above; the joins keep to the marks as this statement sees
    // them (one moved, or a day's first one made, in between: its events are still counted once)
    const ranges = [
      ...marked.map((d) => sql`(e.day = ${d} and e.written_at >= ${marks.get(d)}::timestamptz)`),
      ...(unmarked.length > 0 ? [sql`e.day = any(${dateArray(unmarked)})`] : []),
    ];
    withLive = sql`
      with tail as materialized (
        select e.day, e.kind, e.path, e.target, e.visitor, e.source, e.country, e.region, e.city, e.latitude, e.longitude
        from ${statsEvents} e left join ${statsPartialMarks} m on m.day = e.day
        where (${sql.join(ranges, sql` or `)}) and (m.through is null or e.written_at >= m.through)
          and not exists (select 1 from ${statsRolledDays} r where r.day = e.day)
      ), earlier as materialized (
        select e.day, e.kind, e.path, e.target, e.visitor, e.source, e.country, e.region, e.city, e.latitude, e.longitude
        from ${statsEvents} e join ${statsPartialMarks} m on m.day = e.day
        where e.day = any(${dateArray(liveDays)}) and e.written_at < m.through and e.visitor in (select visitor from tail)
      ), live as materialized (${totalsOfEvents(sql`tail`, sql`earlier`)})`;
  }
  const result = await db.execute(sql`
    ${withLive}
    select day, dimension, key, sum(visitors)::int as visitors, sum(events)::int as events
    from (${sql.join(parts, sql` union all `)}) t
    group by day, dimension, key`);
  return rowsOf<{ day: string | null; dimension: string; key: string; visitors: number | string; events: number | string }>(result).map((r) => ({
    day: r.day,
    dimension: r.dimension,
    key: r.key,
    visitors: Number(r.visitors),
    events: Number(r.events),
  }));
}

/**
 * The report's totals in one statement: pages, sources, places and clicks summed over from..to,
 * and 'total' per day from `previousFrom` (the previous range's first day) to `to`: the series of
 * both ranges (their totals are the sums of their days). Clicks per place are the per-show read's.
 */
export function reportTotals(db: Db, from: string, to: string, previousFrom: string): Promise<Total[]> {
  return totalsOf(db, [
    { from, to, where: sql`dimension in ('page', 'source', 'location', 'click')` },
    { from: previousFrom, to, where: sql`dimension = 'total' and key = ''`, perDay: true },
  ]);
}

/** A show's figures over from..to: its ticket clicks per day, and per place (summed); the visitors of /shows (summed). */
export function showTotals(db: Db, id: number, from: string, to: string): Promise<Total[]> {
  const click = `show:${id}`;
  return totalsOf(db, [
    { from, to, where: sql`dimension = 'click' and key = ${click}`, perDay: true },
    { from, to, where: sql`dimension = 'click-location' and key like ${`${click}\t%`}` },
    { from, to, where: sql`dimension = 'page' and key = '/shows'` },
  ]);
}
