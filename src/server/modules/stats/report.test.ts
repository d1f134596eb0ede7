import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { merchandise, shows, statsEvents, subscribers } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { expectRefusedWithoutSession } from "../../test/crud-checks";
import { dayBefore } from "./days";
import { EXPORT_COLUMNS } from "./export";
import { rollUpAndExpire } from "./rollup";

const FAN = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
/** public addresses DB-IP places in London and in Mountain View, California */
const LONDON = "81.2.69.142";
const MOUNTAIN_VIEW = "8.8.8.8";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const today = () => t!.app.stats.dayOf(new Date());

async function get(url: string) {
  return t!.request({ method: "GET", url, headers: await t!.adminHeaders() });
}

async function report(from: string, to = from) {
  const res = await get(`/api/admin/stats?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A page view or click as the collector would have written it, on any day. */
const event = (day: string, visitor: string, more: Partial<typeof statsEvents.$inferInsert> = {}) => ({
  id: crypto.randomUUID(),
  at: new Date(`${day}T15:00:00Z`),
  day,
  kind: "pageview",
  path: "/",
  visitor,
  ...more,
});

/** Through a proxy the app trusts (TRUST_PROXY), from a public address. */
const via = (address: string, ua = FAN) => ({ headers: { "x-forwarded-for": address, "user-agent": ua }, remoteAddress: "127.0.0.1" });

const rollUp = () => rollUpAndExpire(t!.app.db, { now: new Date(), dayOf: t!.app.stats.dayOf, retentionDays: 30 });

describe("GET /api/admin/stats: the series and the previous range", () => {
  it("every day of the range, a day without visits as zeros; rolled-up days and today's raw events both counted; the previous range of the same length", async () => {
    t = await createTestApp();
    const day = await today();
    // a new site: nothing counted yet, whatever the range
    expect((await report(day)).countingSince).toBeNull();
    await t.app.db.insert(statsEvents).values([
      // the previous range (day-5 .. day-3): one visitor twice on day-4
      event(dayBefore(day, 4), "p1"),
      event(dayBefore(day, 4), "p1", { path: "/shows" }),
      // this range: two visitors on day-2, nothing on day-1
      event(dayBefore(day, 2), "a"),
      event(dayBefore(day, 2), "b"),
      event(dayBefore(day, 2), "b", { path: "/merch" }),
    ]);
    // days before today are rolled up (raw events only for today)
    expect((await rollUp()).rolled).toBe(2);
    // today: raw events through the beacon (two page views of one visitor)
    for (const path of ["/", "/shows"]) expect((await t.request({ method: "POST", url: "/api/events", payload: { type: "pageview", path }, headers: { "user-agent": FAN } })).statusCode).toBe(202);
    await t.app.stats.flush();

    const data = await report(dayBefore(day, 2), day);
    expect(data.series).toEqual([
      { day: dayBefore(day, 2), visitors: 2, pageviews: 3 },
      { day: dayBefore(day, 1), visitors: 0, pageviews: 0 },
      { day, visitors: 1, pageviews: 2 },
    ]);
    expect(data).toMatchObject({ visitors: 3, pageviews: 5 });
    // counting began on the first rolled-up day, also for a range after it with nothing in it
    expect(data.countingSince).toBe(dayBefore(day, 4));
    expect((await report(dayBefore(day, 1))).countingSince).toBe(dayBefore(day, 4));
    expect(data.previous).toEqual({
      from: dayBefore(day, 5),
      to: dayBefore(day, 3),
      visitors: 1,
      pageviews: 2,
      series: [
        { day: dayBefore(day, 5), visitors: 0, pageviews: 0 },
        { day: dayBefore(day, 4), visitors: 1, pageviews: 2 },
        { day: dayBefore(day, 3), visitors: 0, pageviews: 0 },
      ],
    });
    expect(data.pages).toEqual(
      expect.arrayContaining([
        { path: "/", visitors: 3, pageviews: 3 },
        { path: "/shows", visitors: 1, pageviews: 1 },
        { path: "/merch", visitors: 1, pageviews: 1 },
      ]),
    );
    expect(data.newsletterClicks).toEqual([]);
  });

  it("raw events of a day before the first rolled-up one (late, not rolled yet) count, after older days' events were dropped", async () => {
    t = await createTestApp();
    const day = await today();
    await t.app.db.insert(statsEvents).values([event(dayBefore(day, 40), "a"), event(dayBefore(day, 40), "b"), event(dayBefore(day, 3), "c")]);
    // day-40 rolled up and its raw events dropped (retention 30), day-3 rolled up and kept
    expect(await rollUp()).toMatchObject({ rolled: 2, events: 2 });
    expect((await report(dayBefore(day, 1))).countingSince).toBe(dayBefore(day, 40));
    // a day older than every rolled-up one gets events the housekeeping has not seen yet
    await t.app.db.insert(statsEvents).values([event(dayBefore(day, 50), "d"), event(dayBefore(day, 50), "d", { path: "/shows" })]);
    const data = await report(dayBefore(day, 59), day);
    expect(data.countingSince).toBe(dayBefore(day, 50));
    expect(data).toMatchObject({ visitors: 4, pageviews: 5 });
    expect(data.series.find((d: { day: string }) => d.day === dayBefore(day, 50))).toEqual({ day: dayBefore(day, 50), visitors: 1, pageviews: 2 });
  });

  it("a page view from a known public address (through TRUST_PROXY) gives its city with the city's point", async () => {
    t = await createTestApp({ TRUST_PROXY: ["127.0.0.1"] } as never);
    const view = await t.request({ method: "POST", url: "/api/events", payload: { type: "pageview", path: "/" }, ...via(LONDON) });
    expect(view.statusCode).toBe(202);
    // a row from before points were kept: its city without one
    await t.app.db.insert(statsEvents).values(event(await today(), "old", { country: "US", region: "Ohio", city: "Dayton" }));
    await t.app.stats.flush();
    const [row] = await t.app.db.select().from(statsEvents).where(sql`${statsEvents.city} = 'London'`);
    expect(row).toMatchObject({ latitude: 51.51, longitude: -0.09 });
    const data = await report(await today());
    expect(data.locations).toEqual(
      expect.arrayContaining([
        { country: "GB", region: "England", city: "London", latitude: 51.51, longitude: -0.09, visitors: 1 },
        { country: "US", region: "Ohio", city: "Dayton", latitude: null, longitude: null, visitors: 1 },
      ]),
    );
    // the same once rolled up
    await rollUpAndExpire(t.app.db, { now: new Date(Date.now() + 86_400_000), dayOf: t.app.stats.dayOf, retentionDays: 30 });
    expect((await report(await today())).locations).toEqual(data.locations);
  });

  it("a bad from or to is a 400 naming the field", async () => {
    t = await createTestApp();
    for (const path of ["/api/admin/stats", "/api/admin/stats/export"]) {
      const badFrom = await get(`${path}?from=2026-13-01&to=2026-11-01`);
      expect(badFrom.statusCode).toBe(400);
      expect(badFrom.json().errors).toHaveProperty("from");
      const backwards = await get(`${path}?from=2026-11-05&to=2026-11-01`);
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().errors).toEqual({ to: "must not be before from" });
      const missing = await get(`${path}?from=2026-11-05`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toHaveProperty("to");
    }
  });
});

describe("GET /api/admin/stats/shows/:id", () => {
  it("one show since it was announced: /shows visitors, ticket clicks per day and per city, subscribers from its region who joined since", async () => {
    t = await createTestApp({ TRUST_PROXY: ["127.0.0.1"] } as never);
    const db = t.app.db;
    const day = await today();
    const announced = new Date(Date.now() - 10 * 86_400_000);
    const announcedOn = await t.app.stats.dayOf(announced);
    const [show] = await db
      .insert(shows)
      .values({ venue: "The Pour House", location: "Raleigh, NC", date: "2031-01-05", time: "8:00 PM", price: "15", ageRestriction: "21+", eventUrl: "https://tickets.example/pour-house", createdAt: announced })
      .returning();
    const [abroad] = await db.insert(shows).values({ venue: "Lido", location: "Berlin, Germany", date: "2031-02-01", time: "8:00 PM", price: "20", ageRestriction: "18+", createdAt: announced }).returning();
    // an earlier day, rolled up: a click from Dayton and a visit to /shows; and one before the announcement, not counted
    const place = { country: "US", region: "Ohio", city: "Dayton", latitude: 39.76, longitude: -84.19 };
    await db.insert(statsEvents).values([
      event(dayBefore(day, 3), "x", { kind: "show", path: "", target: show.id, ...place }),
      event(dayBefore(day, 3), "x", { path: "/shows" }),
      event(dayBefore(announcedOn, 1), "y", { kind: "show", path: "", target: show.id }),
      event(dayBefore(announcedOn, 1), "y", { path: "/shows" }),
    ]);
    await rollUp();
    // today, raw: three ticket clicks (two from London, one from Mountain View), two fans on /shows
    for (const address of [LONDON, LONDON, MOUNTAIN_VIEW]) expect((await t.request({ method: "GET", url: `/go/show/${show.id}`, ...via(address) })).statusCode).toBe(302);
    for (const address of [LONDON, MOUNTAIN_VIEW]) await t.request({ method: "POST", url: "/api/events", payload: { type: "pageview", path: "/shows" }, ...via(address) });
    await t.app.stats.flush();

    const joined = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    const fan = (email: string, more: Partial<typeof subscribers.$inferInsert>) => ({ email, region: "US-NC", isVerified: true, isSubscribed: true, subscribedAt: joined(2), ...more });
    await db.insert(subscribers).values([
      fan("counted@example.com", {}),
      fan("before@example.com", { subscribedAt: joined(20) }),
      fan("pending@example.com", { isVerified: false }),
      fan("gone@example.com", { isSubscribed: false }),
      fan("bounced@example.com", { bouncedAt: new Date() }),
      fan("elsewhere@example.com", { region: "US-SC" }),
    ]);

    const res = await get(`/api/admin/stats/shows/${show.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: show.id,
      label: "The Pour House, Raleigh, NC (2031-01-05)",
      date: "2031-01-05",
      location: "Raleigh, NC",
      announcedOn,
      region: "US-NC",
      showsPageVisitors: 3,
      ticketClicks: 4,
      subscribersInRegion: 1,
    });
    expect(data.clicksByDay).toEqual([
      { day: dayBefore(day, 3), clicks: 1 },
      { day, clicks: 3 },
    ]);
    expect(data.clicksByCity[0]).toEqual({ country: "GB", region: "England", city: "London", clicks: 2 });
    expect(data.clicksByCity.slice(1)).toEqual(
      expect.arrayContaining([
        { country: "US", region: "Ohio", city: "Dayton", clicks: 1 },
        { country: "US", region: "California", city: "Mountain View", clicks: 1 },
      ]),
    );
    expect(data.clicksByCity).toHaveLength(3);

    const berlin = (await get(`/api/admin/stats/shows/${abroad.id}`)).json().data;
    expect(berlin).toMatchObject({ region: null, subscribersInRegion: null, ticketClicks: 0, clicksByDay: [], clicksByCity: [] });

    const unknown = await get("/api/admin/stats/shows/999999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: "Show not found" });
    expect((await get("/api/admin/stats/shows/abc")).statusCode).toBe(400);
  });
});

describe("GET /api/admin/stats/export", () => {
  it("the report as one CSV table, an attachment; text a spreadsheet would run as a formula is defused", async () => {
    t = await createTestApp();
    const db = t.app.db;
    const day = await today();
    const base = { description: "x", price: "25", category: "T-Shirt" as const, templateDimensions: "x" };
    const [tee] = await db.insert(merchandise).values({ ...base, name: "=HYPERLINK(\"https://evil.example\",\"Tee\")", storeUrl: "https://band.bandcamp.com/merch/tee" }).returning();
    await db.insert(statsEvents).values([
      event(day, "a", { path: "=1+2" }),
      event(day, "a", { path: "/shows", source: "@instagram" }),
      event(day, "b", { path: "/shows", source: "-x", country: "GB", region: "England", city: "London", latitude: 51.51, longitude: -0.09 }),
      event(day, "b", { kind: "merch", path: "", target: tee.id }),
    ]);

    const res = await get(`/api/admin/stats/export?from=${dayBefore(day, 1)}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="insights-${dayBefore(day, 1)}-${day}.csv"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    const lines = res.body.split("\r\n");
    expect(lines[0]).toBe(`\uFEFF${EXPORT_COLUMNS.join(",")}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        `total,${dayBefore(day, 1)} to ${day},2,3,,`,
        `day,${dayBefore(day, 1)},0,0,,`,
        `day,${day},2,3,,`,
        "page,'=1+2,1,1,,",
        "page,/shows,2,2,,",
        "source,'@instagram,1,,,",
        "source,'-x,1,,,",
        "location,\"London, England, GB\",1,,,",
        `merch click,"'=HYPERLINK(""https://evil.example"",""Tee"")",,,1,`,
      ]),
    );
    // no cell of the file starts a formula
    for (const line of lines.slice(1)) for (const cell of line.split(",")) expect(cell.replace(/^"/, "")).not.toMatch(/^[=+\-@]/);
  });

  it("by=week gives the chart's weeks (Monday to Sunday, cut by the range) instead of days", async () => {
    t = await createTestApp();
    // Mon 2026-11-02 to Wed 2026-11-11: a whole week and three days of the next
    await t.app.db.insert(statsEvents).values([event("2026-11-02", "a", { path: "/" }), event("2026-11-08", "b", { path: "/" }), event("2026-11-09", "c", { path: "/shows" }), event("2026-11-11", "c", { path: "/" })]);
    // a week's visitors are its days' visitors added up, as the chart adds them
    const lines = (await get("/api/admin/stats/export?from=2026-11-02&to=2026-11-11&by=week")).body.split("\r\n");
    expect(lines.filter((l) => /^(day|week),/.test(l))).toEqual(["week,2026-11-02 to 2026-11-08,2,2,,", "week,2026-11-09 to 2026-11-11,2,2,,"]);
    const byDay = (await get("/api/admin/stats/export?from=2026-11-02&to=2026-11-11")).body.split("\r\n");
    expect(byDay.filter((l) => l.startsWith("day,"))).toHaveLength(10);
    expect((await get("/api/admin/stats/export?from=2026-11-02&to=2026-11-11&by=month")).statusCode).toBe(400);
  });

  it("needs an admin session, as every Insights read does (401 without one)", async () => {
    t = await createTestApp();
    const day = await today();
    await expectRefusedWithoutSession(t, [
      { method: "GET", url: `/api/admin/stats?from=${day}&to=${day}` },
      { method: "GET", url: `/api/admin/stats/export?from=${day}&to=${day}` },
      { method: "GET", url: "/api/admin/stats/shows/1" },
    ]);
  });
});
