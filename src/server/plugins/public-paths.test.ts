import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { PublicCache } from "../services/public-cache";
import { preferredEncoding } from "../services/preferred-encoding";
import { STALE_CACHE_STATUS } from "./public-answers";
import { rawRequest } from "../test/raw-request";

/** A raw request over a real socket (the fast lane sees these; app.inject does not). */
const send = (port: number, urlPath: string, method = "GET", headers: Record<string, string> = {}) => rawRequest(port, urlPath, { method, headers });

describe("page paths: one 'not found' answer, page spellings sent to the page (issue 20)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("thousands of distinct junk paths share one cache entry; the cache's bytes stay put and real pages stay cached", async () => {
    const home = await t.request({ method: "GET", url: "/" });
    expect(home.statusCode).toBe(200);
    await t.request({ method: "GET", url: "/shows" });
    const sizeBefore = t.app.publicCache.size;
    const first = await t.request({ method: "GET", url: "/no-such-page" });
    expect(first.statusCode).toBe(404);
    expect(first.headers["content-type"]).toContain("text/html");
    const afterOne = t.app.publicCache.byteSize;
    const long = "x".repeat(8000);
    for (let i = 0; i < 1500; i++) {
      const junk = await t.request({ method: "GET", url: `/${long}/${i}?q=${i}` });
      expect(junk.statusCode).toBe(404);
      if (i % 500 === 0) expect(junk.body).toBe(first.body); // the same bytes for every such path
    }
    expect(t.app.publicCache.size).toBe(sizeBefore + 1);
    expect(t.app.publicCache.byteSize).toBe(afterOne);
    // the real pages are still answered from memory (the fast lane's peek finds them)
    const todayKeys = (p: string) => [...(t.app.publicCache as unknown as { entries: Map<string, unknown> }).entries.keys()].some((k) => k.endsWith(` page ${p}`));
    expect(todayKeys("/")).toBe(true);
    expect(todayKeys("/shows")).toBe(true);
  });

  it.each([
    ["/shows/", "/shows"],
    ["/shows//", "/shows"],
    ["//shows", "/shows"],
    ["/%73hows", "/shows"],
    ["/shows/?upcoming=1&x=%20", "/shows?upcoming=1&x=%20"],
    ["/lyrics/007", "/lyrics/7"],
    ["/merch///?a", "/merch?a"],
  ])("%s redirects (301) to %s, and makes no cache entry", async (from, to) => {
    const size = t.app.publicCache.size;
    const res = await t.request({ method: "GET", url: from });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
    expect(t.app.publicCache.size).toBe(size);
  });

  it("the admin shell is never cached, whatever the admin path (the admin app routes it); a malformed escape is a plain 404", async () => {
    await t.request({ method: "GET", url: "/admin" });
    const size = t.app.publicCache.size;
    for (const p of ["/admin/shows", "/admin//shows", "/admin/whatever/deep", `/admin/${"y".repeat(3000)}`]) expect((await t.request({ method: "GET", url: p })).statusCode).toBe(200);
    expect(t.app.publicCache.size).toBe(size);
    const size2 = t.app.publicCache.size;
    const malformed = await t.request({ method: "GET", url: "/%E0%A4%A" });
    expect([400, 404]).toContain(malformed.statusCode);
    expect(t.app.publicCache.size).toBe(size2);
  });
});

describe("the fast lane's URL memory (kept by the cache)", () => {
  it("stays bounded whatever URLs are asked: long ones are never remembered, and there are at most 1,000", () => {
    const cache = new PublicCache();
    for (let i = 0; i < 5000; i++) cache.rememberUrl(`/?q=${i}${"y".repeat(4000)}`, "page /");
    expect(cache.urlMemory.urls).toBe(0);
    for (let i = 0; i < 5000; i++) cache.rememberUrl(`/?q=${i}`, "page /");
    expect(cache.urlMemory.urls).toBeLessThanOrEqual(1000);
    expect(cache.urlMemory.chars).toBeLessThanOrEqual(1000 * 256);
  });
});

describe("HEAD answers what GET would, without a body (issue 20)", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    fs.writeFileSync(path.join(process.env.CLIENT_DIST_DIR!, "assets", "head-test.js"), "console.log('head');\n");
    t = await createTestApp();
    fs.writeFileSync(path.join(t.app.config.uploadsDir, "head-test.txt"), "an upload\n");
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it.each([
    ["/", {}],
    ["/shows", { "accept-encoding": "gzip, br" }],
    ["/lyrics", {}],
    ["/no-such-page", {}],
    ["/api/shows", { "accept-encoding": "gzip" }],
    ["/api/merchandise", {}],
    ["/robots.txt", {}],
    ["/assets/head-test.js", {}],
    ["/uploads/head-test.txt", {}],
  ] as [string, Record<string, string>][])("HEAD %s", async (urlPath, headers) => {
    const get = await send(port, urlPath, "GET", headers);
    for (let round = 0; round < 2; round++) {
      // the second time from the cache (where there is one)
      const head = await send(port, urlPath, "HEAD", headers);
      expect(head.status).toBe(get.status);
      expect(head.body.length).toBe(0);
      expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
      expect(head.headers["content-encoding"]).toBe(get.headers["content-encoding"]);
      expect(head.headers["etag"]).toBe(get.headers["etag"]);
      expect(Number(head.headers["content-length"])).toBe(get.body.length);
    }
  });
});

describe("Accept-Encoding is negotiated with its q-values, the same way on both paths (issue 20)", () => {
  it.each([
    ["gzip;q=0", null],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip, br", "br"],
    ["*", "br"],
    ["deflate, gzip;q=0.5", "gzip"],
    ["identity", null],
    ["gzip;q=0, br;q=0", null],
    ["", null],
    [undefined, null],
  ])("%j -> %j", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
    expect(preferredEncoding(header)).toBe(expected); // remembered the same
  });

  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it.each([
    ["gzip;q=0", undefined],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=1, br;q=0.9", "gzip"],
    ["*", "br"],
  ])("pages for %j come as %j, through Fastify and through the fast lane alike", async (header, encoding) => {
    for (const urlPath of ["/", "/shows"]) {
      for (let round = 0; round < 4; round++) {
        // first builds, then from the cache through Fastify, then through the lane
        const res = await send(port, urlPath, "GET", { "accept-encoding": header });
        expect(res.status).toBe(200);
        expect(res.headers["content-encoding"]).toBe(encoding);
        const text = encoding === "gzip" ? zlib.gunzipSync(res.body) : encoding === "br" ? zlib.brotliDecompressSync(res.body) : res.body;
        expect(text.length).toBeGreaterThan(1024); // big enough to be compressed
      }
    }
  });
});

describe("a rebuild that fails answers the last good bytes, marked stale (issue 20)", () => {
  it("the database gone after a write: the page and the API read are the old bytes, 200, Cache-Status says stale", async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      const page = await t.request({ method: "GET", url: "/merch" });
      const api = await t.request({ method: "GET", url: "/api/merchandise" });
      expect(page.headers["cache-status"]).toBeUndefined();
      t.app.publicCache.invalidate(["merchandise"]);
      await t.database.close();
      closed = true;
      for (const [res, before] of [
        [await t.request({ method: "GET", url: "/merch" }), page],
        [await t.request({ method: "GET", url: "/api/merchandise" }), api],
      ] as const) {
        expect(res.statusCode).toBe(200);
        expect(res.headers["cache-status"]).toBe(STALE_CACHE_STATUS);
        expect(res.body).toBe(before.body);
      }
      // nothing good to fall back on: the error path
      expect((await t.request({ method: "GET", url: "/api/lyrics" })).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await t.app.close();
      if (!closed) await t.database.close();
      fs.rmSync(t.dataDir, { recursive: true, force: true });
    }
  });
});
