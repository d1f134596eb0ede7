import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { createTestApp, type TestApp } from "../test/app";

/**
 * The stats beacon in the fast lane (issue 23; post-taker.ts, modules/stats/beacon.ts): over a
 * real socket, a cookie-less beacon gets the same answer and is recorded the same (address through
 * TRUST_PROXY, source, user agent) as when Fastify answers it (FAST_LANE=off); everything the lane
 * declines (bad JSON, a bad event, a control character, an address over its limit, a body too
 * large, a cookie) gets Fastify's own answer, the body it already read included.
 */
const FAN_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

function post(port: number, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      { port, host: "127.0.0.1", path: "/api/events", method: "POST", agent: false, headers: { "content-type": "text/plain;charset=UTF-8", "content-length": String(Buffer.byteLength(body)), "user-agent": FAN_UA, ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const withoutDate = (h: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== "date"));
const view = (path: string, referrer = "") => JSON.stringify({ type: "pageview", path, referrer });

/** What each app recorded, and how many beacons its lane answered. */
function watch(app: FastifyInstance) {
  const hits: unknown[] = [];
  const record = app.stats.record.bind(app.stats);
  vi.spyOn(app.stats, "record").mockImplementation((hit) => {
    hits.push({ ...hit });
    record(hit);
  });
  const watched = { hits, laned: 0 };
  const taker = (app.publicFastLane as unknown as { takers: Map<string, { take: (...a: never[]) => unknown }> } | undefined)?.takers.get("/api/events");
  if (taker) {
    const take = taker.take.bind(taker);
    taker.take = (...args) => {
      const answer = take(...args);
      if (answer) watched.laned++;
      return answer;
    };
  }
  return watched;
}

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return (app.server.address() as AddressInfo).port;
}

describe("the beacon in the fast lane", () => {
  let t: TestApp;
  let off: FastifyInstance;
  let lanePort: number;
  let offPort: number;
  let lane: ReturnType<typeof watch>;
  let fastify: ReturnType<typeof watch>;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: ["127.0.0.1"], EVENTS_RATE_LIMIT: 5, PUBLIC_URL: "https://band.example" } as never);
    off = await buildApp({ config: { ...t.app.config, FAST_LANE: false }, database: t.database, logger: false });
    lane = watch(t.app);
    fastify = watch(off);
    lanePort = await listen(t.app);
    offPort = await listen(off);
  });
  afterAll(async () => {
    await off?.close();
    await t?.close();
  });

  it("answers a fan's beacon as Fastify does, and records the same hit (address through TRUST_PROXY, source, user agent)", async () => {
    const from = { "x-forwarded-for": "203.0.113.7", "x-forwarded-host": "band.example" };
    const byLane = await post(lanePort, view("/shows?utm_source=ig", "https://www.instagram.com/"), from);
    const byFastify = await post(offPort, view("/shows?utm_source=ig", "https://www.instagram.com/"), from);
    expect(lane.laned).toBe(1);
    expect(byLane.status).toBe(202);
    expect(withoutDate(byLane.headers)).toEqual(withoutDate(byFastify.headers));
    // the site is on https (PUBLIC_URL): HSTS, as on every answer
    expect(byLane.headers["strict-transport-security"]).toMatch(/^max-age=/);
    expect(lane.hits).toEqual(fastify.hits);
    expect(lane.hits[0]).toMatchObject({ kind: "pageview", address: "203.0.113.7", userAgent: FAN_UA, path: "/shows" });
  });

  it("a bot's beacon is answered 202 and not recorded, on both paths", async () => {
    const bot = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)", "x-forwarded-for": "203.0.113.8" };
    const before = lane.hits.length;
    expect((await post(lanePort, view("/"), bot)).status).toBe(202);
    expect((await post(offPort, view("/"), bot)).status).toBe(202);
    expect(lane.hits.length).toBe(before);
  });

  it.each([
    ["bad JSON", "{nope", {}],
    ["a bad event", JSON.stringify({ type: "click", path: "/" }), {}],
    ["a control character", view("/sh\u0001ows"), {}],
    ["a body too large", view(`/${"a".repeat(9000)}`), {}],
    ["a cookie", view("/"), { cookie: "other=1" }],
    ["another content type", view("/"), { "content-type": "application/json" }],
  ])("%s: the lane declines and Fastify answers as it does without the lane", async (_what, body, headers) => {
    const laned = lane.laned;
    const from = { "x-forwarded-for": "198.51.100.9", ...headers };
    const byLane = await post(lanePort, body, from);
    const byFastify = await post(offPort, body, from);
    expect(lane.laned).toBe(laned);
    expect(byLane.status).toBe(byFastify.status);
    expect(byLane.body).toBe(byFastify.body);
    expect(withoutDate(byLane.headers)).toEqual(withoutDate(byFastify.headers));
  });

  it("an address over EVENTS_RATE_LIMIT gets Fastify's 429 from the lane's path too, and nothing more is recorded", async () => {
    const from = { "x-forwarded-for": "192.0.2.44" };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post(lanePort, view("/"), from)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const limited = await post(lanePort, view("/"), from);
    const refusedByFastify = await post(offPort, view("/"), from);
    // the other app counts its own hits: its first five pass
    expect(refusedByFastify.status).toBe(202);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toMatchObject({ success: false });
    expect(lane.hits.filter((h) => (h as { address: string }).address === "192.0.2.44")).toHaveLength(5);
  });
});
