import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribers } from "../../db/schema";
import { milesBetween } from "../../db/near";
import { startWithAdmin, type TestApp } from "../../test/app";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());

const RALEIGH = { lat: 35.7727, lng: -78.6324 }; // 27601
const LOS_ANGELES = { lat: 34.0614, lng: -118.2385 }; // 90012
const GREENSBORO = { lat: 36.0726, lng: -79.792 }; // ~50 miles from Durham

async function fan(email: string, at: { lat: number; lng: number } | null, extra: Partial<typeof subscribers.$inferInsert> = {}) {
  await t.app.db.insert(subscribers).values({ email, isVerified: true, showsInterest: true, place: at ? "typed" : null, lat: at?.lat ?? null, lng: at?.lng ?? null, ...extra });
}

describe("fans near a show: the recipient count and the send", () => {
  let durham: number;
  let unplaced: number;
  beforeAll(async () => {
    const show = { venue: "Motorco", date: "2031-03-01", time: "8:00 PM", price: "15", ageRestriction: "21+", supportingActs: "", eventUrl: "" };
    durham = (await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, location: "Durham, NC" } })).json().data.id;
    unplaced = (await t.request({ method: "POST", url: "/api/shows", headers, payload: { ...show, location: "Somewhere Over The Rainbow" } })).json().data.id;
    await fan("raleigh@example.com", RALEIGH);
    await fan("greensboro@example.com", GREENSBORO, { region: "US-NC" });
    await fan("la@example.com", LOS_ANGELES);
    await fan("unplaced@example.com", null);
    await fan("merch-only@example.com", RALEIGH, { showsInterest: false, merchInterest: true });
    await fan("pending@example.com", RALEIGH, { isVerified: false });
  });

  const count = async (query: string) => {
    const res = await t.request({ method: "GET", url: `/api/newsletter/recipients?${query}`, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it("counts only placed fans within the radius, on top of interests and regions", async () => {
    expect(milesBetween(RALEIGH, { lat: 35.994, lng: -78.899 })).toBeLessThan(30);
    expect((await count("targetShows=true")).body.data).toEqual({ count: 4, waiting: 1 });
    expect((await count(`targetShows=true&nearShowId=${durham}&nearMiles=100`)).body.data).toEqual({ count: 2, waiting: 1 });
    expect((await count(`targetShows=true&nearShowId=${durham}&nearMiles=30`)).body.data).toEqual({ count: 1, waiting: 1 });
    expect((await count(`targetShows=true&targetMerch=true&nearShowId=${durham}&nearMiles=30`)).body.data.count).toBe(2);
    expect((await count(`targetShows=true&regions=US-NC&nearShowId=${durham}&nearMiles=100`)).body.data.count).toBe(1);
    expect((await count(`targetShows=true&nearShowId=${durham}&nearMiles=3000`)).status).toBe(400);
  });

  it("refuses a show that is not there or not placed, and half a question, with clear 400s", async () => {
    const missing = await count("targetShows=true&nearShowId=999999&nearMiles=50");
    expect(missing).toMatchObject({ status: 400, body: { errors: { nearShowId: "Show not found" } } });
    const notPlaced = await count(`targetShows=true&nearShowId=${unplaced}&nearMiles=50`);
    expect(notPlaced.status).toBe(400);
    expect(notPlaced.body.errors.nearShowId).toMatch(/not placed on the map/);
    expect((await count(`targetShows=true&nearShowId=${durham}`)).body.errors).toEqual({ nearMiles: "Give both nearShowId and nearMiles, or neither" });
    expect((await count("targetShows=true&nearShowId=abc&nearMiles=5")).status).toBe(400);
  });

  it("the send queues only the fans near the show; a scheduled one keeps the radius", async () => {
    const send = await t.request({ method: "POST", url: "/api/newsletter/send", headers, payload: { subject: "Durham!", content: "<p>Come out</p>", targetShows: true, near: { showId: durham, miles: 100 } } });
    expect(send.statusCode, send.body).toBe(202);
    expect(send.json().data.recipients).toBe(2);
    const bad = await t.request({ method: "POST", url: "/api/newsletter/send", headers, payload: { subject: "x", content: "<p>x</p>", targetShows: true, near: { showId: unplaced, miles: 100 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors["near.showId"]).toMatch(/not placed/);
    const later = await t.request({ method: "POST", url: "/api/newsletter/send", headers, payload: { subject: "Later", content: "<p>x</p>", targetShows: true, near: { showId: durham, miles: 30 }, scheduledAt: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(later.statusCode).toBe(202);
    const { findNewsletter } = await import("../newsletter/repository");
    expect(await findNewsletter(t.app.db, later.json().data.newsletterId)).toMatchObject({ nearShowId: durham, nearMiles: 30 });
    // the progress list says whom it is for, the show by its venue
    const list = (await t.request({ method: "GET", url: "/api/newsletters", headers })).json().data as { id: number; near: unknown }[];
    expect(list.find((n) => n.id === later.json().data.newsletterId)?.near).toEqual({ showId: durham, miles: 30, venue: "Motorco" });
    expect(list.find((n) => n.id === send.json().data.newsletterId)?.near).toEqual({ showId: durham, miles: 100, venue: "Motorco" });
  });

  it("a draft keeps the radius as the Send tab had it, and forgets it when switched off", async () => {
    const saved = await t.request({ method: "POST", url: "/api/newsletter/drafts", headers, payload: { subject: "Half written", near: { showId: durham, miles: 60 } } });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().data.id;
    expect((await t.request({ method: "GET", url: `/api/newsletter/drafts/${id}`, headers })).json().data.near).toEqual({ showId: durham, miles: 60 });
    const off = await t.request({ method: "PUT", url: `/api/newsletter/drafts/${id}`, headers, payload: { subject: "Half written", near: null } });
    expect(off.json().data.near).toBeNull();
    expect((await t.request({ method: "POST", url: "/api/newsletter/drafts", headers, payload: { near: { showId: durham, miles: 9000 } } })).statusCode).toBe(400);
  });
});
