import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithAdmin, type TestApp } from "../../test/app";
import { eq } from "drizzle-orm";
import { subscribers } from "../../db/schema";
import { hashToken } from "../../lib/tokens";
import { Gazetteer, placeKey, sharedGazetteer } from "./gazetteer";

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
    const g = sharedGazetteer();
    await g.resolve("Raleigh");
    expect(g.loaded).toBe(true);
    expect(g.unloadIfIdle(60_000)).toBe(false);
    expect(g.unloadIfIdle(60_000, Date.now() + 61_000)).toBe(true);
    expect(g.loaded).toBe(false);
    expect(await g.resolve("Raleigh")).toMatchObject({ name: "Raleigh, North Carolina, US" });
  });
});

describe("loading ahead of a save", () => {
  it("the admin's shows table and edit form start loading the gazetteer, so the save after them does not wait for a cold load", async () => {
    const g = sharedGazetteer();
    g.close();
    expect(g.loaded).toBe(false);
    // a public read does not load it
    expect((await t.request({ method: "GET", url: "/api/shows" })).statusCode).toBe(200);
    expect(g.loaded).toBe(false);
    const table = await t.request({ method: "GET", url: "/api/admin/shows?page=1", headers });
    expect(table.statusCode).toBe(200);
    expect(g.loaded).toBe(true);
    g.close();
    const id = (await t.request({ method: "POST", url: "/api/shows", headers, payload: { venue: "Cat's Cradle", location: "Carrboro, NC", date: "2027-03-01", time: "8:00 PM", price: 12, ageRestriction: "All Ages", supportingActs: "" } })).json().data.id;
    g.close();
    expect((await t.request({ method: "GET", url: `/api/shows/${id}`, headers })).statusCode).toBe(200);
    expect(g.loaded).toBe(true);
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

const show = {
  venue: "Motorco",
  location: "Durham, NC",
  date: "2031-03-01",
  time: "8:00 PM",
  price: "15",
  ageRestriction: "21+",
  supportingActs: "",
  eventUrl: "",
};

describe("a show's place", () => {
  const post = (payload: object) => t.request({ method: "POST", url: "/api/shows", headers, payload });

  it("is placed from its location when saved: the admin sees the name, the public only the point", async () => {
    const created = await post(show);
    expect(created.statusCode).toBe(201);
    const saved = created.json().data;
    expect(saved).toMatchObject({ placeName: "Durham, North Carolina, US", placePinned: false, lat: expect.closeTo(35.99, 1), lng: expect.closeTo(-78.9, 1), announceNearby: null });
    const admin = (await t.request({ method: "GET", url: `/api/shows/${saved.id}`, headers })).json().data;
    expect(admin.placeName).toBe("Durham, North Carolina, US");
    const publicShow = (await t.request({ method: "GET", url: "/api/shows" })).json().data.find((s: { id: number }) => s.id === saved.id);
    expect(publicShow.lat).toBeCloseTo(35.99, 1);
    expect(publicShow).not.toHaveProperty("placeName");
    expect(publicShow).not.toHaveProperty("announceNearby");
    // the spec's fields, issue 24's public ones (sale, presale flag, RSVP count, the point), nothing of the admin's
    expect(Object.keys(publicShow).sort()).toEqual(["ageRestriction", "createdAt", "date", "eventUrl", "hasPresale", "id", "lat", "lng", "location", "onSaleAt", "presaleStartsAt", "price", "revision", "rsvps", "status", "supportingActs", "time", "updatedAt", "venue"]);
  });

  it("an unknown location is kept as typed and not placed, never an error", async () => {
    const created = await post({ ...show, location: "Somewhere Over The Rainbow" });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ location: "Somewhere Over The Rainbow", lat: null, lng: null, placeName: null });
  });

  it("keeps the admin's pick while the location stays, places it again when the location changes", async () => {
    const id = (await post({ ...show, location: "Greenville" })).json().data.id;
    const put = (payload: object) => t.request({ method: "PUT", url: `/api/shows/${id}`, headers, payload });
    const picked = await put({ ...show, location: "Greenville", lat: 35.61266, lng: -77.36635, placeName: "Greenville, North Carolina, US" });
    expect(picked.json().data).toMatchObject({ lat: 35.61266, lng: -77.36635, placeName: "Greenville, North Carolina, US", placePinned: true });
    const kept = await put({ ...show, location: "Greenville", time: "9:00 PM" });
    expect(kept.json().data).toMatchObject({ lat: 35.61266, placePinned: true });
    const typed = await put({ ...show, location: "Greenville", lat: 35.5, lng: -77.5 });
    expect(typed.json().data).toMatchObject({ lat: 35.5, lng: -77.5, placeName: null, placePinned: true });
    const moved = await put({ ...show, location: "Raleigh, NC" });
    expect(moved.json().data).toMatchObject({ placeName: "Raleigh, North Carolina, US", placePinned: false });
  });

  it("bad coordinates get clear 400s", async () => {
    const cases: [object, string][] = [
      [{ lat: 91, lng: 0 }, "Latitude must be between -90 and 90"],
      [{ lat: 10, lng: -181 }, "Longitude must be between -180 and 180"],
      [{ lat: 10 }, "Give both latitude and longitude, or neither"],
      [{ lat: "north", lng: 1 }, "Latitude must be a number"],
      [{ announceNearby: { miles: 0 } }, "Miles must be at least 1"],
      [{ announceNearby: { miles: 5000 } }, "Miles must be 500 at most"],
    ];
    for (const [extra, message] of cases) {
      const res = await post({ ...show, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe("the nearby mail's morning rule", () => {
  it("saved by day it is due at once; at night it waits for 9:00 band time", async () => {
    const { nearbyDueAt } = await import("./show-place");
    const zone = "America/New_York";
    const noon = new Date("2031-03-01T17:00:00Z"); // 12:00 EST
    expect(nearbyDueAt(noon, zone)).toEqual(noon);
    expect(nearbyDueAt(new Date("2031-03-01T07:00:00Z"), zone)).toEqual(new Date("2031-03-01T14:00:00Z")); // 2:00 -> 9:00 EST
    expect(nearbyDueAt(new Date("2031-03-02T03:30:00Z"), zone)).toEqual(new Date("2031-03-02T14:00:00Z")); // 22:30 -> next 9:00
    expect(nearbyDueAt(new Date("2031-07-01T13:00:00Z"), zone)).toEqual(new Date("2031-07-01T13:00:00Z")); // 9:00 EDT sharp: now
  });
});

describe("a fan's city or ZIP", () => {
  const fan = async (email: string) => (await t.app.db.select().from(subscribers).where(eq(subscribers.email, email)))[0];
  const subscribe = (payload: object) => t.request({ method: "POST", url: "/api/subscribe", payload: { interests: { shows: true }, ...payload } });

  it("the subscribe form takes it: kept as typed, placed by the gazetteer", async () => {
    expect((await subscribe({ email: "raleigh@example.com", place: "27601" })).statusCode).toBe(200);
    expect(await fan("raleigh@example.com")).toMatchObject({ place: "27601", lat: 35.7727, lng: -78.6324 });
    expect((await subscribe({ email: "nowhere@example.com", place: "Somewhere Nice" })).statusCode).toBe(200);
    expect(await fan("nowhere@example.com")).toMatchObject({ place: "Somewhere Nice", lat: null, lng: null });
    expect((await subscribe({ email: "noplace@example.com" })).statusCode).toBe(200);
    expect(await fan("noplace@example.com")).toMatchObject({ place: null, lat: null });
    const tooLong = await subscribe({ email: "long@example.com", place: "x".repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.place).toMatch(/too long/);
  });

  it("the preferences page shows and changes it; absent keeps it, blank clears it", async () => {
    await subscribe({ email: "prefs@example.com", place: "Durham, NC" });
    const token = "a".repeat(43);
    await t.app.db.update(subscribers).set({ isVerified: true, preferencesToken: hashToken(token) }).where(eq(subscribers.email, "prefs@example.com"));
    const read = async () => (await t.request({ method: "GET", url: `/api/preferences?token=${token}` })).json().data;
    expect(await read()).toMatchObject({ place: "Durham, NC", placed: true });
    const put = (extra: object) => t.request({ method: "PUT", url: "/api/preferences", payload: { token, name: null, interests: { shows: true, releases: false, merch: false }, ...extra } });
    const atl = await put({ place: "Somewhere Nice" });
    expect(atl.json().data, atl.body).toMatchObject({ place: "Somewhere Nice", placed: false });
    await put({ place: "Los Angeles, CA" });
    expect(await fan("prefs@example.com")).toMatchObject({ place: "Los Angeles, CA", lat: expect.closeTo(34.05, 1) });
    await put({});
    expect((await fan("prefs@example.com")).place).toBe("Los Angeles, CA");
    expect((await put({ place: "" })).json().data).toMatchObject({ place: null, placed: false });
  });
});
