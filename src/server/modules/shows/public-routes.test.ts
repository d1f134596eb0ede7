import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@shared/format";
import { shows } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));
beforeAll(async () => {
  t = await createTestApp();
  const base = { location: "Greenville, NC", time: "8:00 PM", price: "12.50", ageRestriction: "All Ages" };
  await t.database.db.insert(shows).values([
    { ...base, venue: "Later Hall", date: day(30), supportingActs: "A, B", eventUrl: "https://example.com/t" },
    { ...base, venue: "Past Club", date: day(-3) },
    { ...base, venue: "Tonight Bar", date: day(0) },
  ]);
});
afterAll(() => t.close());

describe("GET /api/shows", () => {
  it("lists every show by date with the fields the public side reads", async () => {
    const res = await t.request({ method: "GET", url: "/api/shows" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.map((s: { venue: string }) => s.venue)).toEqual(["Past Club", "Tonight Bar", "Later Hall"]);
    expect(body.data[2]).toMatchObject({ date: day(30), time: "8:00 PM", price: "12.50", ageRestriction: "All Ages", supportingActs: "A, B", eventUrl: "https://example.com/t" });
    expect(body.data[0].eventUrl).toBeNull();
  });

  it("?upcoming=true keeps shows dated today or later", async () => {
    const res = await t.request({ method: "GET", url: "/api/shows?upcoming=true" });
    expect(res.json().data.map((s: { venue: string }) => s.venue)).toEqual(["Tonight Bar", "Later Hall"]);
  });

  it("?past=true lists the shows before today, newest first, and pages like the others; a write refreshes it", async () => {
    const headers = await t.adminHeaders();
    const older = { location: "Greenville, NC", time: "9 PM", price: "5", ageRestriction: "All Ages", venue: "Older Club", date: day(-400) };
    expect((await t.request({ method: "POST", url: "/api/shows", headers, payload: older })).statusCode).toBe(201);
    const res = await t.request({ method: "GET", url: "/api/shows?past=true" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { venue: string }) => s.venue)).toEqual(["Past Club", "Older Club"]);
    const second = await t.request({ method: "GET", url: "/api/shows?past=true&limit=1&offset=1" });
    expect(second.json().data.map((s: { venue: string }) => s.venue)).toEqual(["Older Club"]);
    // not the same cached answer as the plain list or the upcoming one
    expect((await t.request({ method: "GET", url: "/api/shows?past=false" })).json().data).toHaveLength(4);
    const id = res.json().data[0].id;
    const current = res.json().data[0];
    await t.request({ method: "PUT", url: `/api/shows/${id}`, headers, payload: { ...current, venue: "Past Club (renamed)" } });
    expect((await t.request({ method: "GET", url: "/api/shows?past=true" })).json().data[0].venue).toBe("Past Club (renamed)");
  });

  it("refuses past=true together with upcoming=true, and a nonsense past value", async () => {
    const both = await t.request({ method: "GET", url: "/api/shows?past=true&upcoming=true" });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ success: false, errors: { past: "cannot be combined with upcoming=true" } });
    const bad = await t.request({ method: "GET", url: "/api/shows?past=yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/past/);
  });

  it("rejects a nonsense upcoming value with a 400 that says why", async () => {
    const res = await t.request({ method: "GET", url: "/api/shows?upcoming=soon" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/upcoming/);
  });
});
