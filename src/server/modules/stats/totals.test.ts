import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { statsDaily, statsEvents, statsPartial, statsPartialMarks, statsRolledWeeks, statsWeekly } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { dayAfter, dayBefore, daysBetween, mondayOf } from "./days";
import { statsReport } from "./report";
import { rollUpAndExpire } from "./rollup";
import { advancePartials, rollUpDay, totalsOf } from "./totals";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

type Event = typeof statsEvents.$inferInsert;

const PLACES = [
  { country: "GB", region: "England", city: "London", latitude: 51.51, longitude: -0.09 },
  { country: "US", region: "North Carolina", city: "Raleigh", latitude: 35.78, longitude: -78.64 },
  { country: "DE", region: "Berlin", city: "Berlin", latitude: 52.52, longitude: 13.4 },
  { country: "unknown", region: "unknown", city: "unknown", latitude: null, longitude: null },
];
const PATHS = ["/", "/shows", "/merch", "/lyrics/river"];
const SOURCES = ["direct", "instagram", "google", "internal"];

/** A small pseudo-random generator (mulberry32): the same events on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function eventsOf(day: string, n: number, next: () => number, writtenAt?: Date): Event[] {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  return Array.from({ length: n }, () => {
    const click = next() < 0.15;
    return {
      id: crypto.randomUUID(),
      at: new Date(`${day}T15:00:00Z`),
      day,
      kind: click ? pick(["show", "merch"]) : "pageview",
      path: click ? "" : pick(PATHS),
      target: click ? pick([990001, 990002]) : null,
      // the same few hashes every day: a day's visitors are that day's, whatever the string
      visitor: `v${Math.floor(next() * 8)}`,
      source: pick(SOURCES),
      ...pick(PLACES),
      ...(writtenAt ? { writtenAt } : {}),
    };
  });
}

/** The report's figures computed here from the events themselves: distinct visitors per day, added up over the days. */
function expected(events: Event[], from: string, to: string) {
  const inRange = events.filter((e) => e.day >= from && e.day <= to);
  const count = (rows: Event[], keyOf: (e: Event) => string) => {
    const per = new Map<string, { visitors: Set<string>; events: number }>();
    for (const e of rows) {
      const k = `${e.day}|${keyOf(e)}`;
      const v = per.get(k) ?? { visitors: new Set<string>(), events: 0 };
      v.visitors.add(e.visitor);
      v.events++;
      per.set(k, v);
    }
    const sums = new Map<string, { visitors: number; events: number }>();
    for (const [k, v] of per) {
      const key = k.slice(k.indexOf("|") + 1);
      const s = sums.get(key) ?? { visitors: 0, events: 0 };
      sums.set(key, { visitors: s.visitors + v.visitors.size, events: s.events + v.events });
    }
    return sums;
  };
  const views = inRange.filter((e) => e.kind === "pageview");
  const clicks = inRange.filter((e) => e.kind !== "pageview");
  const byDay = count(views, (e) => e.day as string);
  return {
    visitors: [...byDay.values()].reduce((a, v) => a + v.visitors, 0),
    pageviews: views.length,
    series: daysBetween(from, to).map((day) => ({ day, visitors: byDay.get(day)?.visitors ?? 0, pageviews: byDay.get(day)?.events ?? 0 })),
    pages: [...count(views, (e) => e.path!)].map(([path, v]) => ({ path, visitors: v.visitors, pageviews: v.events })),
    sources: [...count(views.filter((e) => e.source !== "internal"), (e) => e.source!)].map(([source, v]) => ({ source, visitors: v.visitors })),
    locations: [...count(views, (e) => JSON.stringify([e.country, e.region, e.city, e.latitude, e.longitude]))].map(([k, v]) => {
      const [country, region, city, latitude, longitude] = JSON.parse(k);
      return { country, region, city, latitude, longitude, visitors: v.visitors };
    }),
    clicks: [...count(clicks, (e) => `${e.kind}:${e.target}`)].map(([k, v]) => ({ kind: k.split(":")[0], id: Number(k.split(":")[1]), label: "(deleted)", clicks: v.events })),
  };
}

const sorted = <T>(rows: T[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

async function expectReport(events: Event[], from: string, to: string) {
  const got = await statsReport(t!.app.db, from, to);
  const want = expected(events, from, to);
  expect({ visitors: got.visitors, pageviews: got.pageviews, series: got.series }, `${from}..${to}`).toEqual({ visitors: want.visitors, pageviews: want.pageviews, series: want.series });
  for (const list of ["pages", "sources", "locations", "clicks"] as const) expect(sorted(got[list] as object[]), `${list} ${from}..${to}`).toEqual(sorted(want[list] as object[]));
  return got;
}

describe("totals kept per day, per week and so far today (decision 035)", () => {
  it("the report is the same whatever is rolled up: raw days, rolled days and weeks, today's partial totals and the events after them", async () => {
    t = await createTestApp();
    const db = t.app.db;
    const today = await t.app.stats.dayOf(new Date());
    const first = dayBefore(today, 20);
    const next = random(23);
    const hourAgo = new Date(Date.now() - 3_600_000);
    const past = daysBetween(first, dayBefore(today, 1)).flatMap((day, i) => (i === 5 ? [] : eventsOf(day, 40, next)));
    const morning = eventsOf(today, 60, next, hourAgo);
    await db.insert(statsEvents).values([...past, ...morning]);
    const ranges = [
      [first, today],
      [dayAfter(first, 3), dayBefore(today, 2)],
      [today, today],
      [dayBefore(today, 1), today],
    ];
    // nothing rolled: every day from its raw events
    for (const [from, to] of ranges) await expectReport([...past, ...morning], from, to);

    const round = await rollUpAndExpire(db, { now: new Date(), dayOf: t.app.stats.dayOf, retentionDays: 30 });
    expect(round.rolled).toBeGreaterThanOrEqual(18); // 19 days with events; yesterday only after 00:15
    expect(round.weeks).toBeGreaterThanOrEqual(2);
    expect(round.partial).toBeGreaterThanOrEqual(1);
    expect((await db.select().from(statsPartialMarks)).map((m) => m.day)).toContain(today);
    expect((await db.select().from(statsPartial)).length).toBeGreaterThan(0);

    // written after the partial's mark: the same visitors again (not new for a key they had), and new keys for them
    const [mark] = await db.select().from(statsPartialMarks).where(sql`${statsPartialMarks.day} = ${today}`);
    const afternoon = eventsOf(today, 60, next, new Date(mark.through.getTime() + 1));
    await db.insert(statsEvents).values(afternoon);
    const all = [...past, ...morning, ...afternoon];
    for (const [from, to] of ranges) await expectReport(all, from, to);

    // a later round takes the afternoon into the partial totals: the same answers
    expect((await rollUpAndExpire(db, { now: new Date(), dayOf: t.app.stats.dayOf, retentionDays: 30 })).partial).toBeGreaterThanOrEqual(1);
    const report = await expectReport(all, first, today);
    expect(report.visitors).toBeGreaterThan(0);
    expect(report.series.find((d) => d.day === dayAfter(first, 5))).toEqual({ day: dayAfter(first, 5), visitors: 0, pageviews: 0 });
  });

  it("a partial's mark made or moved between the report's two statements: each event still counted once", async () => {
    t = await createTestApp();
    const db = t.app.db;
    const today = await t.app.stats.dayOf(new Date());
    const next = random(7);
    // an hour ago, and just now (after the mark the round will make: WRITE_GRACE)
    const first = [...eventsOf(today, 40, next, new Date(Date.now() - 3_600_000)), ...eventsOf(today, 20, next)];
    await db.insert(statsEvents).values(first);
    // the housekeeping round runs right after the report's first statement read the marks
    const between = (database: typeof db) =>
      new Proxy(database, {
        get(target, prop, receiver) {
          if (prop !== "execute") return Reflect.get(target, prop, receiver);
          let calls = 0;
          return async (query: never) => {
            const result = await target.execute(query);
            if (++calls === 1) expect(await advancePartials(target, today)).toBe(1);
            return result;
          };
        },
      });
    const totalOf = async () => (await totalsOf(between(db), [{ from: today, to: today, where: sql`dimension = 'total'` }]))[0];
    const want = expected(first, today, today);
    // no mark yet when the marks were read: the day's first one is made in between
    expect(await totalOf()).toMatchObject({ visitors: want.visitors, events: want.pageviews });
    // a mark that moves in between
    const [mark] = await db.select().from(statsPartialMarks);
    const second = eventsOf(today, 40, next, new Date(mark.through.getTime() + 1));
    await db.insert(statsEvents).values(second);
    const both = expected([...first, ...second], today, today);
    expect(await totalOf()).toMatchObject({ visitors: both.visitors, events: both.pageviews });
  });

  it("a day rolled up after its week was summed (its events came late) is added to the week", async () => {
    t = await createTestApp();
    const db = t.app.db;
    const today = await t.app.stats.dayOf(new Date());
    const monday = dayBefore(mondayOf(today), 14);
    const next = random(5);
    const early = eventsOf(monday, 30, next);
    await db.insert(statsEvents).values(early);
    await rollUpAndExpire(db, { now: new Date(), dayOf: t.app.stats.dayOf, retentionDays: 30 });
    expect((await db.select().from(statsRolledWeeks)).map((w) => w.week)).toContain(monday);
    // Wednesday's events reach the database only now
    const late = eventsOf(dayAfter(monday, 2), 30, next);
    await db.insert(statsEvents).values(late);
    expect(await rollUpDay(db, dayAfter(monday, 2))).toBe(true);
    const weekly = await db.select().from(statsWeekly).where(sql`${statsWeekly.week} = ${monday} and ${statsWeekly.dimension} = 'total'`);
    const daily = await db.select().from(statsDaily).where(sql`${statsDaily.dimension} = 'total'`);
    expect(weekly[0].events).toBe(daily.reduce((a, d) => a + d.events, 0));
    await expectReport([...early, ...late], monday, dayAfter(monday, 6));
  });
});
