import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { kindHeaders, type AnswerKind } from "../services/answer-headers";
import { createTestApp, type TestApp } from "../test/app";
import { rawRequest } from "../test/raw-request";

/** A raw GET over a real socket: the bytes as sent (no decompression), every header. */
const get = (port: number, path: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(port, path, { method, headers });

const withoutDate = (h: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== "date"));

/** Counts the answers the lane wrote (the rest went through Fastify). */
function countLaned(app: FastifyInstance) {
  const counter = { laned: 0 };
  const lane = app.publicFastLane!;
  const answer = lane.answer.bind(lane);
  lane.answer = (req, res) => {
    const answered = answer(req, res);
    if (answered) counter.laned++;
    return answered;
  };
  return counter;
}

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return (app.server.address() as AddressInfo).port;
}

/** Every header a cached public answer of `kind` carries: its kind's, its caching, its type and size; node's own. */
function expectedNames(kind: AnswerKind, https: boolean, encoded: boolean) {
  return [
    ...kindHeaders(kind, https).map(([name]) => name),
    ...["etag", "vary", "cache-control", "content-type", "content-length", "date", "connection"],
    ...(encoded ? ["content-encoding"] : []),
  ].sort();
}

describe("the public fast lane", () => {
  let t: TestApp;
  let port: number;
  let counter: { laned: number };

  beforeAll(async () => {
    t = await createTestApp();
    counter = countLaned(t.app);
    port = await listen(t.app);
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
    const before = counter.laned;
    const byLane = await get(port, path, headers);
    expect(counter.laned).toBe(before + 1);
    expect(byLane.status).toBe(200);
    expect(byLane.body.equals(byFastify.body)).toBe(true);
    expect(withoutDate(byLane.headers)).toEqual(withoutDate(byFastify.headers));
    expect(byLane.headers["cache-control"]).toContain("public");
  });

  // issue 22: a JSON answer no longer carries a document's headers; each kind its own, on both paths
  it.each([
    ["/", "page", "gzip, br"],
    ["/shows", "page", ""],
    ["/api/shows", "data", "gzip, br"],
    ["/api/merchandise", "data", ""],
    ["/shows.ics", "data", ""],
    ["/robots.txt", "data", ""],
    ["/sitemap.xml", "markup", ""],
  ] as const)("GET %s carries exactly the headers of a %s, through Fastify on the first request and from the lane on a repeat", async (path, kind, encoding) => {
    const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
    const first = await get(port, path, headers);
    await get(port, path, headers);
    const before = counter.laned;
    const repeat = await get(port, path, headers);
    expect(counter.laned).toBe(before + 1);
    for (const answer of [first, repeat]) {
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.headers).sort()).toEqual(expectedNames(kind, false, answer.headers["content-encoding"] !== undefined));
      for (const [name, value] of kindHeaders(kind, false)) expect(answer.headers[name], name).toBe(value);
    }
    expect(withoutDate(repeat.headers)).toEqual(withoutDate(first.headers));
    if (kind === "page") expect(first.headers["content-security-policy"]).toContain("frame-src");
    else expect(first.headers["content-security-policy"] ?? "").not.toContain("frame-src");
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["strict-transport-security"]).toBeUndefined(); // plain http: a browser would ignore it
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

  it("replays the compressed forms (br, gzip) of an answer big enough to compress, with their own head", async () => {
    const admin = await t.adminHeaders();
    for (let i = 0; i < 12; i++) {
      const venue = `The Compressed Hall number ${i}, a venue with a long name`;
      const created = await t.request({ method: "POST", url: "/api/shows", headers: admin, payload: { venue, location: "Greenville, NC", date: `2031-06-${String(i + 1).padStart(2, "0")}`, time: "8:00 PM", price: "10", ageRestriction: "All ages", supportingActs: "", eventUrl: "" } });
      expect(created.statusCode).toBe(201);
    }
    for (const encoding of ["br", "gzip"]) {
      const headers = { "accept-encoding": encoding };
      const first = await get(port, "/api/shows", headers);
      await get(port, "/api/shows", headers);
      const before = counter.laned;
      const repeat = await get(port, "/api/shows", headers);
      expect(counter.laned).toBe(before + 1);
      expect(repeat.headers["content-encoding"]).toBe(encoding);
      expect(repeat.body.equals(first.body)).toBe(true);
      expect(withoutDate(repeat.headers)).toEqual(withoutDate(first.headers));
      expect(Object.keys(repeat.headers).sort()).toEqual(expectedNames("data", false, true));
      expect(Number(repeat.headers["content-length"])).toBe(repeat.body.length);
    }
  });

  it("leaves conditional, credentialed and HEAD requests to Fastify", async () => {
    for (let i = 0; i < 3; i++) await get(port, "/api/lyrics");
    const { etag } = (await get(port, "/api/lyrics")).headers;
    const before = counter.laned;
    expect((await get(port, "/api/lyrics", { "if-none-match": String(etag) })).status).toBe(304);
    expect((await get(port, "/api/lyrics", { cookie: "sid=not-a-session" })).headers["cache-control"]).toBe("private, no-store");
    expect((await get(port, "/api/lyrics", { authorization: "Bearer nope" })).headers["cache-control"]).toBe("private, no-store");
    const head = await get(port, "/api/lyrics", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(counter.laned).toBe(before);
  });

  it("keeps Fastify's server settings (keep-alive window)", () => {
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
  });

  it("FAST_LANE=off: no lane, Fastify's own server, and the same bytes and headers for every answer", async () => {
    // a second app on the same database, so the content is the same
    const off = await buildApp({ config: { ...t.app.config, FAST_LANE: false }, database: t.database, logger: false });
    try {
      expect(off.publicFastLane).toBeUndefined();
      const offPort = await listen(off);
      const cases: [string, Record<string, string>][] = [
        ["/", { "accept-encoding": "gzip, br" }],
        ["/", {}],
        ["/shows", { "accept-encoding": "br" }],
        ["/api/shows", { "accept-encoding": "gzip, br" }],
        ["/api/shows", {}],
        ["/api/merchandise", { "accept-encoding": "gzip" }],
        ["/shows.ics", {}],
        ["/sitemap.xml", {}],
        ["/robots.txt", {}],
        ["/api/lyrics", { cookie: "sid=x" }],
        ["/no-such-page", {}],
      ];
      for (const [path, headers] of cases) {
        const fastReads = [];
        const plainReads = [];
        for (let i = 0; i < 3; i++) {
          fastReads.push(await get(port, path, headers));
          plainReads.push(await get(offPort, path, headers));
        }
        for (let i = 0; i < 3; i++) {
          expect(plainReads[i].status, path).toBe(fastReads[i].status);
          expect(plainReads[i].body.equals(fastReads[i].body), path).toBe(true);
          expect(withoutDate(plainReads[i].headers), path).toEqual(withoutDate(fastReads[i].headers));
        }
      }
    } finally {
      await off.close();
    }
  });
});

describe("HSTS goes to a site on https only, the same on both paths", () => {
  it.each([
    ["PUBLIC_URL on https", { PUBLIC_URL: "https://band.example" }, {}, true],
    ["X-Forwarded-Proto from a trusted proxy", { TRUST_PROXY: ["127.0.0.1"] }, { "x-forwarded-proto": "https" }, true],
    ["X-Forwarded-Proto from anyone (no TRUST_PROXY)", {}, { "x-forwarded-proto": "https" }, false],
    ["X-Forwarded-Proto: http from a trusted proxy", { TRUST_PROXY: ["127.0.0.1"] }, { "x-forwarded-proto": "http" }, false],
  ] as const)("%s", async (_what, overrides, headers, hsts) => {
    const t = await createTestApp(overrides as never);
    try {
      const counter = countLaned(t.app);
      const port = await listen(t.app);
      for (const path of ["/", "/api/shows"]) {
        const answers = [];
        for (let i = 0; i < 3; i++) answers.push(await get(port, path, headers));
        expect(counter.laned).toBeGreaterThan(0);
        for (const answer of answers) expect(answer.headers["strict-transport-security"] !== undefined, path).toBe(hsts);
      }
      // and on answers that are not public (an admin page, JSON through Fastify's path)
      expect((await get(port, "/admin", headers)).headers["strict-transport-security"] !== undefined).toBe(hsts);
      expect((await get(port, "/healthz", headers)).headers["strict-transport-security"] !== undefined).toBe(hsts);
    } finally {
      await t.close();
    }
  });
});
