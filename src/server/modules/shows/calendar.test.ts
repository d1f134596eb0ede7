import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@shared/format";
import { shows } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://band.example" });
  headers = await t.adminHeaders();
});
afterAll(() => t.close());

const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));
const valid = { venue: "The Pour House", location: "Raleigh, NC", date: day(10), time: "8:00 PM", price: "15", ageRestriction: "21+", supportingActs: "", eventUrl: "" };
const create = async (payload: object) => {
  const res = await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...valid, ...payload } });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number };
};
const update = (id: number, payload: object) => t.request({ method: "PUT", url: `/api/shows/${id}`, headers, payload: { ...valid, ...payload } });
const setting = (key: string, value: string) => t.request({ method: "PUT", url: `/api/settings/${key}`, headers, payload: { value } });
const get = (url: string, extra: Record<string, string> = {}) => t.request({ method: "GET", url, headers: extra });

/** The feed as a real parser reads it, with the raw text for the wire-format checks. */
async function feed(url = "/shows.ics") {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const events = calendar.getAllSubcomponents("vevent").map((v) => ({
    event: new ICAL.Event(v),
    status: v.getFirstPropertyValue("status"),
    url: v.getFirstPropertyValue("url"),
    stamp: v.getFirstPropertyValue("dtstamp"),
  }));
  return { res, calendar, events, text: res.body };
}
const byUid = (events: Awaited<ReturnType<typeof feed>>["events"], id: number) => events.find((e) => e.event.uid === `show-${id}@band.example`);

describe("GET /shows.ics", () => {
  it("with no shows is still a valid, empty calendar", async () => {
    const { calendar, events, text } = await feed();
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
    expect(events).toEqual([]);
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("\r\nEND:VCALENDAR\r\n")).toBe(true);
  });

  it("holds one VEVENT per upcoming show and per show of the last 90 days, none older", async () => {
    const upcoming = await create({ venue: "Later Hall", date: day(30), eventUrl: "https://tickets.example/later", supportingActs: "Ghost Atlas, Kinston Kids" });
    const tonight = await create({ venue: "Tonight Bar", date: day(0) });
    const recent = await create({ venue: "Recent Club", date: day(-89) });
    await create({ venue: "Too Old", date: day(-91) });
    await create({ venue: "Ancient Barn", date: day(-400) });
    const { events } = await feed();
    expect(events.map((e) => e.event.uid).sort()).toEqual([upcoming, tonight, recent].map((s) => `show-${s.id}@band.example`).sort());
    const later = byUid(events, upcoming.id)!;
    expect(later.event.summary).toBe("Tar River Static at Later Hall");
    expect(later.event.location).toBe("Later Hall, Raleigh, NC");
    expect(later.url).toBe("https://tickets.example/later");
    expect(later.event.description).toBe("With Ghost Atlas, Kinston Kids\nTime: 8:00 PM\nAges: 21+\nPrice: $15.00\nTickets: https://tickets.example/later");
    expect(later.status).toBe("CONFIRMED");
    expect(later.event.sequence).toBe(0);
    expect(later.stamp).toBeTruthy();
    // without a ticket link the entry points at the site
    expect(byUid(events, tonight.id)!.url).toBe("https://band.example/shows");
  });

  it("says CANCELLED, TENTATIVE (postponed) and CONFIRMED (sold out) and names the state", async () => {
    const cancelled = await create({ venue: "Cancelled Cellar", status: "cancelled", eventUrl: "https://tickets.example/c" });
    const postponed = await create({ venue: "Postponed Pit", status: "postponed" });
    const soldOut = await create({ venue: "Sold Out Stage", status: "sold-out" });
    const { events } = await feed();
    expect(byUid(events, cancelled.id)).toMatchObject({ status: "CANCELLED", event: { summary: "Cancelled: Tar River Static at Cancelled Cellar" } });
    // no 'Tickets:' line for a show that sells none
    expect(byUid(events, cancelled.id)!.event.description).not.toContain("Tickets");
    expect(byUid(events, postponed.id)).toMatchObject({ status: "TENTATIVE", event: { summary: "Postponed: Tar River Static at Postponed Pit" } });
    expect(byUid(events, soldOut.id)).toMatchObject({ status: "CONFIRMED", event: { summary: "Sold Out: Tar River Static at Sold Out Stage" } });
  });

  it("an edit raises SEQUENCE and keeps the UID; the cached feed (ETag, 304) is replaced at once", async () => {
    const show = await create({ venue: "Edit Me" });
    const first = await feed();
    const etag = first.res.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.res.headers["cache-control"]).toContain("public");
    expect((await get("/shows.ics", { "if-none-match": etag })).statusCode).toBe(304);
    expect(byUid(first.events, show.id)!.event.sequence).toBe(0);

    expect((await update(show.id, { venue: "Edited Room", status: "sold-out" })).statusCode).toBe(200);
    const second = await feed();
    expect(second.res.headers.etag).not.toBe(etag);
    expect((await get("/shows.ics", { "if-none-match": etag })).statusCode).toBe(200);
    const edited = byUid(second.events, show.id)!;
    expect(edited.event.sequence).toBe(1);
    expect(edited.event.summary).toBe("Sold Out: Tar River Static at Edited Room");
    await update(show.id, { venue: "Edited Again" });
    expect(byUid((await feed()).events, show.id)!.event.sequence).toBe(2);

    // a deleted show leaves the feed
    await t.request({ method: "DELETE", url: `/api/shows/${show.id}`, headers });
    expect(byUid((await feed()).events, show.id)).toBeUndefined();
  });

  it("keeps commas, semicolons, backslashes, line breaks and non-ASCII names intact, folded at 75 octets with CRLF", async () => {
    expect((await setting("band-name", "Tár Rivér Stätic 🎸")).statusCode).toBe(200);
    const venue = "Café Zürich; Back Room, Upstairs \\ Annex — Ünïcödé Hall with a very long name that needs folding";
    const show = await create({ venue, location: "Köln, NRW; Germany", supportingActs: "Ghost Atlas,\nKinston Kids; Späti" });
    // a line break in a venue cannot come through the form, but the database would hold one
    const [odd] = await t.database.db.insert(shows).values({ ...valid, venue: "Line\nBreak, Hall; Two", price: "9" }).returning();
    const { events, text } = await feed();
    const ev = byUid(events, show.id)!;
    expect(ev.event.summary).toBe(`Tár Rivér Stätic 🎸 at ${venue}`);
    expect(ev.event.location).toBe(`${venue}, Köln, NRW; Germany`);
    expect(ev.event.description).toContain("With Ghost Atlas, Kinston Kids; Späti");
    expect(byUid(events, odd.id)!.event.summary).toBe("Tár Rivér Stätic 🎸 at Line\nBreak, Hall; Two");
    // the wire format: CRLF only, no line longer than 75 octets, escapes as RFC 5545 3.3.11 says
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain("SUMMARY:Tár Rivér Stätic 🎸 at Line\\nBreak\\, Hall\\; Two");
    expect(unfolded).toContain("Café Zürich\\; Back Room\\, Upstairs \\\\ Annex");
    await setting("band-name", "");
  });

  it("the band's name and time zone are settings: changing one rewrites the feed", async () => {
    const before = (await get("/shows.ics")).headers.etag;
    await setting("band-name", "Neuse River Ghosts");
    const after = await feed();
    expect(after.res.headers.etag).not.toBe(before);
    expect(after.events.every((e) => e.event.summary.includes("Neuse River Ghosts"))).toBe(true);
    await setting("band-name", "");
  });
});

describe("times in the band's zone", () => {
  const startOf = async (id: number) => {
    const { events } = await feed(`/shows/${id}.ics`);
    expect(events).toHaveLength(1);
    return events[0].event.startDate;
  };

  it("8 PM on 2026-11-01 in America/New_York (the night the clocks fall back) is 2026-11-02T01:00Z; in July it is EDT", async () => {
    const fallBack = await create({ date: "2026-11-01", time: "8:00 PM" });
    const summer = await create({ date: "2026-07-01", time: "Doors 8pm" });
    expect((await startOf(fallBack.id)).toJSDate().toISOString()).toBe("2026-11-02T01:00:00.000Z");
    expect((await startOf(summer.id)).toJSDate().toISOString()).toBe("2026-07-02T00:00:00.000Z");
    const { text } = await feed(`/shows/${fallBack.id}.ics`);
    expect(text).toContain("DTSTART:20261102T010000Z");
    expect(text).toContain("DTEND:20261102T040000Z");
  });

  it("follows the timezone setting", async () => {
    const show = await create({ date: "2026-07-01", time: "20:00" });
    expect((await setting("timezone", "Europe/Berlin")).statusCode).toBe(200);
    expect((await startOf(show.id)).toJSDate().toISOString()).toBe("2026-07-01T18:00:00.000Z");
    await setting("timezone", "");
    expect((await startOf(show.id)).toJSDate().toISOString()).toBe("2026-07-02T00:00:00.000Z");
  });

  it("a time that cannot be read makes an all-day event on the show's date", async () => {
    const show = await create({ date: "2026-12-05", time: "Doors at eight-ish" });
    const start = await startOf(show.id);
    expect(start.isDate).toBe(true);
    expect(start.toString()).toBe("2026-12-05");
    expect((await feed(`/shows/${show.id}.ics`)).text).toContain("DTSTART;VALUE=DATE:20261205");
  });
});

describe("GET /shows/{id}.ics", () => {
  it("is one show's calendar, 404 for an unknown id and 400 for a malformed one", async () => {
    const show = await create({ venue: "Only Me" });
    const { events, calendar } = await feed(`/shows/${show.id}.ics`);
    expect(events.map((e) => e.event.uid)).toEqual([`show-${show.id}@band.example`]);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Tar River Static at Only Me");
    const missing = await get("/shows/99999.ics");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: "Show not found" });
    const bad = await get("/shows/abc.ics");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
  });
});
