import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, repeatedWrites, shows, users } from "../db/schema";
import { ADMIN, startWithAdmin, type TestApp } from "../test/app";
import { secondInstance } from "../test/second-instance";
import { purgeRepeatedWrites, STILL_SAVING } from "./repeated-writes";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());

const show = (venue: string) => ({ venue, location: "Kinston, NC", date: "2031-05-02", time: "8:00 PM", price: 10, ageRestriction: "All Ages", supportingActs: "" });
const countShows = async (venue: string) => (await t.app.db.select().from(shows).where(eq(shows.venue, venue))).length;
const countEntries = async (venue: string) => (await t.app.db.select().from(activityLog).where(sql`${activityLog.summary} like ${`${venue}%`}`)).length;

describe("an admin create sent again with its Idempotency-Key (decision 047)", () => {
  it("is saved once: the second answer is the first one, replayed, and the activity log has one entry", async () => {
    const key = randomUUID();
    const post = () => t.request({ method: "POST", url: "/api/shows", headers: { ...headers, "idempotency-key": key }, payload: show("Twice Sent Hall") });
    const first = await post();
    const second = await post();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(await countShows("Twice Sent Hall")).toBe(1);
    expect(await countEntries("Twice Sent Hall")).toBe(1);
  });

  it("without the header, as the spec's clients send, two posts are two shows", async () => {
    for (let i = 0; i < 2; i++) expect((await t.request({ method: "POST", url: "/api/shows", headers, payload: show("No Key Club") })).statusCode).toBe(201);
    expect(await countShows("No Key Club")).toBe(2);
  });

  it("while the first is still running, the same key gets a 409 saying so and saves nothing", async () => {
    const key = randomUUID();
    const [admin] = await t.app.db.select().from(users).where(eq(users.username, ADMIN.username));
    await t.app.db.insert(repeatedWrites).values({ key, userId: admin.id, route: "POST /api/shows" });
    const res = await t.request({ method: "POST", url: "/api/shows", headers: { ...headers, "idempotency-key": key }, payload: show("Still Running Room") });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: STILL_SAVING });
    expect(await countShows("Still Running Room")).toBe(0);

    // a claim whose request never answered (its process died) is taken over after two minutes
    await t.app.db.update(repeatedWrites).set({ createdAt: sql`now() - interval '3 minutes'` }).where(eq(repeatedWrites.key, key));
    const taken = await t.request({ method: "POST", url: "/api/shows", headers: { ...headers, "idempotency-key": key }, payload: show("Still Running Room") });
    expect(taken.statusCode).toBe(201);
    expect(await countShows("Still Running Room")).toBe(1);
  });

  it("a refused try frees its key: the corrected values sent with it are saved", async () => {
    const key = randomUUID();
    const send = (trackIds: number[]) => t.request({ method: "POST", url: "/api/releases", headers: { ...headers, "idempotency-key": key }, payload: { title: "Second Try", type: "single", releaseAt: "2031-06-01T12:00:00Z", trackIds } });
    // the handler refuses it (the body's shape passed): a track that is not there
    const refused = await send([987654]);
    expect(refused.statusCode).toBe(400);
    const saved = await send([]);
    expect(saved.statusCode).toBe(201);
    expect(saved.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("a malformed key, or a key sent to another route, is a clear 400", async () => {
    const bad = await t.request({ method: "POST", url: "/api/shows", headers: { ...headers, "idempotency-key": "short" }, payload: show("Bad Key Bar") });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Idempotency-Key/);
    const key = randomUUID();
    expect((await t.request({ method: "POST", url: "/api/shows", headers: { ...headers, "idempotency-key": key }, payload: show("Bad Key Bar") })).statusCode).toBe(201);
    const elsewhere = await t.request({ method: "POST", url: "/api/releases", headers: { ...headers, "idempotency-key": key }, payload: { title: "Live at the Bar", type: "single", releaseAt: "2031-06-01T12:00:00Z" } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe("This Idempotency-Key was sent with another request");
  });

  it("keys are kept a day", async () => {
    const key = randomUUID();
    expect((await t.request({ method: "POST", url: "/api/shows", headers: { ...headers, "idempotency-key": key }, payload: show("Kept A Day Lounge") })).statusCode).toBe(201);
    expect(await purgeRepeatedWrites(t.app.db)).toBe(0);
    expect(await purgeRepeatedWrites(t.app.db, new Date(Date.now() + 25 * 3600_000))).toBeGreaterThan(0);
    expect(await t.app.db.select().from(repeatedWrites).where(eq(repeatedWrites.key, key))).toEqual([]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("two instances: a create answered by one is replayed by the other, never saved twice", async () => {
    const b = await secondInstance(t);
    try {
      const key = randomUUID();
      const payload = show("Two Doors Venue");
      const first = await t.request({ method: "POST", url: "/api/shows", headers: { ...headers, "idempotency-key": key }, payload });
      const again = await b.app.inject({ method: "POST", url: "/api/shows", headers: { ...headers, "idempotency-key": key }, payload });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json()).toEqual(first.json());
      expect(await countShows("Two Doors Venue")).toBe(1);
    } finally {
      await b.close();
    }
  });
});
