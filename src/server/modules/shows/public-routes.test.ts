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

  it("rejects a nonsense upcoming value with a 400 that says why", async () => {
    const res = await t.request({ method: "GET", url: "/api/shows?upcoming=soon" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/upcoming/);
  });
});
