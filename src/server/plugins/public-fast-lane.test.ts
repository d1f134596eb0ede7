import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { rawRequest } from "../test/raw-request";

/** A raw GET over a real socket: the bytes as sent (no decompression), every header. */
const get = (port: number, path: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(port, path, { method, headers });

const withoutDate = (h: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== "date"));

describe("the public fast lane", () => {
  let t: TestApp;
  let port: number;
  /** answers written by the lane (the rest went through Fastify) */
  let laned = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const lane = t.app.publicFastLane;
    const answer = lane.answer.bind(lane);
    lane.answer = (req, res) => {
      const answered = answer(req, res);
      if (answered) laned++;
      return answered;
    };
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it.each([
    ["/api/shows", "gzip, br"],
    ["/api/shows", "gzip"],
    ["/api/shows", ""],
    ["/api/merchandise", "gzip, br"],
    ["/", "gzip, br"],
    ["/merch", ""],
  ])("answers GET %s (accept-encoding %j) with the bytes and headers Fastify sent", async (path, encoding) => {
    const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
    await get(port, path, headers); // built
    const byFastify = await get(port, path, headers); // from the cache, through Fastify
    const before = laned;
    const byLane = await get(port, path, headers);
    expect(laned).toBe(before + 1);
    expect(byLane.status).toBe(200);
    expect(byLane.body.equals(byFastify.body)).toBe(true);
    expect(withoutDate(byLane.headers)).toEqual(withoutDate(byFastify.headers));
    expect(byLane.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(byLane.headers["cache-control"]).toContain("public");
  });

  it("never answers with what a write changed: the next read after an admin write has it", async () => {
    for (let i = 0; i < 3; i++) await get(port, "/api/shows");
    const before = await get(port, "/api/shows");
    const created = await t.request({
      method: "POST",
      url: "/api/shows",
      headers: await t.adminHeaders(),
      payload: { venue: "The Fast Lane Tavern", location: "Greenville, NC", date: "2031-05-02", time: "8:00 PM", price: "10", ageRestriction: "All ages", supportingActs: "", eventUrl: "" },
    });
    expect(created.statusCode).toBe(201);
    const after = await get(port, "/api/shows");
    expect(after.body.toString("utf8")).toContain("The Fast Lane Tavern");
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("leaves conditional, credentialed and HEAD requests to Fastify", async () => {
    for (let i = 0; i < 3; i++) await get(port, "/api/lyrics");
    const { etag } = (await get(port, "/api/lyrics")).headers;
    const before = laned;
    expect((await get(port, "/api/lyrics", { "if-none-match": String(etag) })).status).toBe(304);
    expect((await get(port, "/api/lyrics", { cookie: "sid=not-a-session" })).headers["cache-control"]).toBe("private, no-store");
    expect((await get(port, "/api/lyrics", { authorization: "Bearer nope" })).headers["cache-control"]).toBe("private, no-store");
    const head = await get(port, "/api/lyrics", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(laned).toBe(before);
  });

  it("keeps Fastify's server settings (keep-alive window)", () => {
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
  });
});
