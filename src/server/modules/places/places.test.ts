import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithAdmin, type TestApp } from "../../test/app";
import { Gazetteer, placeKey } from "./gazetteer";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());

describe("the offline gazetteer", () => {
  it("resolves a show's location and a fan's place to a point and a canonical name", async () => {
    const g = t.app.places;
    expect(await g.resolve("Greenville, NC")).toMatchObject({ name: "Greenville, North Carolina, US", lat: expect.closeTo(35.61, 1), lng: expect.closeTo(-77.37, 1) });
    expect(await g.resolve("Berlin, Germany")).toMatchObject({ name: "Berlin, State of Berlin, DE", country: "DE" });
    expect(await g.resolve("27601")).toMatchObject({ name: "27601 Raleigh, North Carolina, US", kind: "zip" });
    expect(await g.resolve("Raleigh, NC 27601")).toMatchObject({ name: "27601 Raleigh, North Carolina, US" });
    expect(await g.resolve("Greenville NC")).toMatchObject({ name: "Greenville, North Carolina, US" });
    expect(await g.resolve("Saint Louis, MO")).toMatchObject({ name: "St. Louis, Missouri, US" });
    expect(await g.resolve("Paris, TX")).toMatchObject({ name: "Paris, Texas, US" });
    expect(await g.resolve("New York, NY")).toMatchObject({ name: "New York, New York, US" });
  });

  it("knows nothing of a place that is not there: null, never an error", async () => {
    const g = t.app.places;
    expect(await g.resolve("Narnia")).toBeNull();
    expect(await g.resolve("99999")).toBeNull();
    expect(await g.resolve("Greenville, Atlantis")).toBeNull();
    expect(await g.resolve("")).toBeNull();
    expect(await g.resolve("x".repeat(500))).toBeNull();
  });

  it("keys ignore case, accents and punctuation", () => {
    expect(placeKey("  São  Paulo! ")).toBe("sao paulo");
    expect(placeKey("Saint-Louis")).toBe(placeKey("St. Louis"));
  });

  it("stays 'not placed' when its files cannot be read, and lets its data go when idle", async () => {
    const errors: unknown[] = [];
    const missing = new Gazetteer(() => ({ cities: "/nonexistent/cities.json", admin1: "/nonexistent/admin1.json", zips: "/nonexistent/codes.js" }), (err) => errors.push(err));
    expect(await missing.resolve("Raleigh")).toBeNull();
    expect(errors).toHaveLength(1);
    missing.close();
    const g = t.app.places;
    await g.resolve("Raleigh");
    expect(g.loaded).toBe(true);
    expect(g.unloadIfIdle(60_000)).toBe(false);
    expect(g.unloadIfIdle(60_000, Date.now() + 61_000)).toBe(true);
    expect(g.loaded).toBe(false);
    expect(await g.resolve("Raleigh")).toMatchObject({ name: "Raleigh, North Carolina, US" });
  });
});

describe("suggestions", () => {
  it("public: a few places starting with what was typed, bounded, no cache", async () => {
    const res = await t.request({ method: "GET", url: "/api/places?q=Raleig" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const names = res.json().data.map((p: { name: string }) => p.name);
    expect(names).toContain("Raleigh, North Carolina, US");
    expect(names.length).toBeLessThanOrEqual(8);
    const zips = await t.request({ method: "GET", url: "/api/places?q=276" });
    expect(zips.json().data).toHaveLength(8);
    expect(zips.json().data[0]).toEqual({ name: "27601 Raleigh, North Carolina, US", lat: 35.7727, lng: -78.6324 });
    expect((await t.request({ method: "GET", url: "/api/places?q=" })).json().data).toEqual([]);
    const tooLong = await t.request({ method: "GET", url: `/api/places?q=${"a".repeat(101)}` });
    expect(tooLong.statusCode).toBe(400);
  });

  it("admin: the show form's list, behind the admin guard", async () => {
    expect((await t.request({ method: "GET", url: "/api/admin/places?q=Greenville" })).statusCode).toBe(401);
    const res = await t.request({ method: "GET", url: "/api/admin/places?q=Greenville, NC", headers });
    expect(res.json().data[0].name).toBe("Greenville, North Carolina, US");
    const other = await t.request({ method: "GET", url: "/api/admin/places?q=Greenville", headers });
    expect(other.json().data.length).toBeGreaterThan(3);
  });
});
