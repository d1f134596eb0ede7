import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { rateLimits } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { countHit, purgeRateLimits, readHits } from "./rate-limit-store";

describe("rate-limit counters in the database", () => {
  let t: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: 3, FORM_RATE_LIMIT: 2 });
    // another instance on the same database
    second = await buildApp({ config: t.app.config, database: t.database, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it("counts hits arriving at the same moment one by one (one atomic statement each)", async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => countHit(t.app.db, "burst", 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const r of results) expect(r.ttl).toBeGreaterThan(55_000);
    expect(await readHits(t.app.db, "burst")).toMatchObject({ current: 30 });
    expect(await readHits(t.app.db, "nobody")).toEqual({ current: 0, ttl: 0 });
  });

  it("starts a new window once the old one has ended, and the clean-up drops only ended windows", async () => {
    expect((await countHit(t.app.db, "short", 100)).current).toBe(1);
    expect((await countHit(t.app.db, "short", 100)).current).toBe(2);
    await countHit(t.app.db, "long", 60_000);
    await new Promise((r) => setTimeout(r, 150));
    expect(await readHits(t.app.db, "short")).toEqual({ current: 0, ttl: 0 });
    expect(await purgeRateLimits(t.app.db)).toBe(1);
    const keys = (await t.app.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain("long");
    expect(keys).not.toContain("short");
    const fresh = await countHit(t.app.db, "short", 100);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(0);
    expect(fresh.ttl).toBeLessThanOrEqual(100);
  });

  it("two instances share one login limit: wrong passwords spread over both hit 429 at LOGIN_RATE_LIMIT, with the usual answer", async () => {
    const wrong = { username: "admin", password: "wrong-password-x" };
    const codes: number[] = [];
    let limited;
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const res = await app.inject({ method: "POST", url: "/api/admin/login", payload: wrong, remoteAddress: "198.51.100.20" });
      codes.push(res.statusCode);
      if (res.statusCode === 429) limited = res;
    }
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
    expect(limited!.headers["x-ratelimit-limit"]).toBe("3");
    expect(limited!.headers["x-ratelimit-remaining"]).toBe("0");
    expect(Number(limited!.headers["retry-after"])).toBeGreaterThan(50);
    // the answer says how long to wait: the Retry-After the limit sent
    expect(limited!.json()).toEqual({ success: false, message: `Too many requests. Please try again in ${limited!.headers["retry-after"]} seconds.` });
    // another address has its own allowance; another route its own counter
    expect((await second.inject({ method: "POST", url: "/api/admin/login", payload: wrong, remoteAddress: "198.51.100.21" })).statusCode).toBe(401);
    const subscribe = (app: FastifyInstance, i: number) =>
      app.inject({ method: "POST", url: "/api/subscribe", payload: { email: `fan${i}@example.com`, interests: { shows: true } }, remoteAddress: "198.51.100.20" });
    expect([(await subscribe(t.app, 1)).statusCode, (await subscribe(second, 2)).statusCode, (await subscribe(t.app, 3)).statusCode]).toEqual([200, 200, 429]);
  });
});
