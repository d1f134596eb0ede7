import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { createTestApp, type TestApp } from "../test/app";
import { parseNotice, startPeerInvalidation } from "./peer-invalidation";
import type { CacheTag } from "./public-cache";

describe("peer cache notices", () => {
  it("reads '<instance> <tag,tag>' and nothing else", () => {
    expect(parseNotice("abc shows,settings")).toEqual({ from: "abc", tags: ["shows", "settings"] });
    expect(parseNotice("abc ")).toEqual({ from: "abc", tags: [] });
    expect(parseNotice("")).toBeNull();
    expect(parseNotice(undefined)).toBeNull();
    expect(parseNotice(" shows")).toBeNull();
  });

  it("PGlite has no peers: nothing to start", async () => {
    const t = await createTestApp();
    try {
      if (t.app.database.kind !== "pglite") return;
      const stop = await startPeerInvalidation(t.app);
      await stop();
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("cache invalidation between two instances (PostgreSQL LISTEN/NOTIFY)", () => {
  let t: TestApp;
  let b: FastifyInstance;
  const heard = { a: [] as string[], b: [] as string[], clears: { a: 0, b: 0 } };
  const stops: (() => Promise<void>)[] = [];

  /** Records what reaches each cache from its peer. */
  function spy(app: FastifyInstance, name: "a" | "b") {
    const cache = app.publicCache;
    const invalidate = cache.invalidate.bind(cache);
    cache.invalidate = (tags: readonly CacheTag[], opts: { fromPeer?: boolean } = {}) => {
      if (opts.fromPeer) heard[name].push(tags.join(","));
      invalidate(tags, opts);
    };
    const clear = cache.clear.bind(cache);
    cache.clear = () => {
      heard.clears[name]++;
      const count = heard[name].length;
      clear(); // drops every tag through invalidate: not a notice
      heard[name].length = count;
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    // a second instance on the same database
    b = await buildApp({ config: t.app.config, database: t.database, logger: false });
    await b.ready();
    spy(t.app, "a");
    spy(b, "b");
    stops.push(await startPeerInvalidation(t.app, { instanceId: "A", retryMinMs: 50 }));
    stops.push(await startPeerInvalidation(b, { instanceId: "B", retryMinMs: 50 }));
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await b?.close();
    await t?.close();
  });

  it("a write's invalidation on one instance drops the other's entries within a second, and is not echoed back", async () => {
    let builds = 0;
    const build = async () => ({ contentType: "application/json", body: JSON.stringify({ n: ++builds }) });
    await b.publicCache.get("/api/shows", ["shows"], build);
    await b.publicCache.get("/api/shows", ["shows"], build);
    expect(builds).toBe(1);

    const started = Date.now();
    t.app.publicCache.invalidate(["shows", "settings"]);
    await expect.poll(() => heard.b, { timeout: 1000, interval: 10 }).toEqual(["shows,settings"]);
    expect(Date.now() - started).toBeLessThan(1000);
    await b.publicCache.get("/api/shows", ["shows"], build);
    expect(builds).toBe(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.a).toEqual([]); // its own notice is ignored

    b.publicCache.invalidate(["videos"]);
    await expect.poll(() => heard.a, { timeout: 1000, interval: 10 }).toEqual(["videos"]);
  });

  it("after the channel drops, each instance reconnects, clears its cache (notices may have been missed) and hears notices again", async () => {
    const before = { ...heard.clears };
    const killed = await t.database.db.execute(
      (await import("drizzle-orm")).sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN band_site_cache%' and pid <> pg_backend_pid()`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBe(2);
    await expect.poll(() => heard.clears.a > before.a && heard.clears.b > before.b, { timeout: 5000, interval: 20 }).toBe(true);
    heard.b.length = 0;
    t.app.publicCache.invalidate(["lyrics"]);
    await expect.poll(() => heard.b, { timeout: 1000, interval: 10 }).toEqual(["lyrics"]);
  });
});
