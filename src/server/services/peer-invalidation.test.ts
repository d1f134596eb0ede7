import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { createTestApp, type TestApp } from "../test/app";
import { NoticeSender, parseNotice, startPeerInvalidation } from "./peer-invalidation";

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
import type { CacheTag } from "./public-cache";

describe("peer cache notices", () => {
  it("reads '<instance> <tag>:<version>,...' (and an older instance's '<instance> <tag,tag>') and nothing else", () => {
    expect(parseNotice("abc shows:3,settings:12")).toEqual({ from: "abc", tags: ["shows", "settings"], versions: { shows: 3, settings: 12 } });
    expect(parseNotice("abc shows,settings")).toEqual({ from: "abc", tags: ["shows", "settings"], versions: {} });
    expect(parseNotice("abc ")).toEqual({ from: "abc", tags: [], versions: {} });
    expect(parseNotice("")).toBeNull();
    expect(parseNotice(undefined)).toBeNull();
    expect(parseNotice(" shows")).toBeNull();
  });

  it("a notice that fails is sent again with backoff, merged with later ones, until it goes out", async () => {
    const sent: string[][] = [];
    const errors: number[] = [];
    let failures = 3;
    const done = deferred();
    const sender = new NoticeSender<string>(
      async (items) => {
        if (failures-- > 0) throw new Error("database gone");
        sent.push(items);
        if (items.includes("videos")) done.resolve();
      },
      { minMs: 5, maxMs: 20, onError: (_err, retryInMs) => errors.push(retryInMs) },
    );
    sender.add(["shows"]);
    sender.add(["settings"]); // while the first waits for its retry: merged into it
    await new Promise((r) => setTimeout(r, 1));
    sender.add(["shows", "videos"]);
    await done.promise;
    expect(sent.map((items) => items.sort())).toEqual([["settings", "shows", "videos"]]);
    expect(errors).toEqual([5, 10, 20]); // backoff, doubled up to the maximum
    expect(sender.waiting).toEqual([]);
    sender.stop();
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

  /** the backend of each instance's newest own connection (its notice channel) */
  const pids = { a: 0, b: 0 };
  /** while shut, instance B cannot open its notice channel again */
  let gate = { open: true, wait: Promise.resolve(), release: () => {} };
  const shutGate = () => {
    const d = deferred();
    gate = { open: false, wait: d.promise, release: d.resolve };
  };

  beforeAll(async () => {
    t = await createTestApp();
    // a second instance on the same database, whose channel's reconnection the tests can hold back
    const connect = t.database.connect!.bind(t.database);
    b = await buildApp({
      config: t.app.config,
      database: {
        ...t.database,
        connect: async () => {
          await gate.wait;
          const c = await connect();
          pids.b = (c as unknown as { processID: number }).processID;
          return c;
        },
      },
      logger: false,
    });
    await b.ready();
    const connectA = t.database.connect!.bind(t.database);
    t.database.connect = async () => {
      const c = await connectA();
      pids.a = (c as unknown as { processID: number }).processID;
      return c;
    };
    spy(t.app, "a");
    spy(b, "b");
    stops.push(await startPeerInvalidation(t.app, { instanceId: "A", retryMinMs: 50, noticeRetryMinMs: 10 }));
    stops.push(await startPeerInvalidation(b, { instanceId: "B", retryMinMs: 50 }));
  });
  afterAll(async () => {
    gate.release();
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

  /** both channels carry notices again (A to B and B to A), on tags the tests' entries do not use */
  const roundTrip = async () => {
    heard.a.length = 0;
    heard.b.length = 0;
    t.app.publicCache.invalidate(["audio-tracks"]);
    b.publicCache.invalidate(["band-members"]);
    await expect.poll(() => heard.b.join(" ").includes("audio-tracks") && heard.a.join(" ").includes("band-members"), { timeout: 5000, interval: 10 }).toBe(true);
  };
  const terminate = async (pids: number[]) => {
    const { sql } = await import("drizzle-orm");
    for (const pid of pids) await t.database.db.execute(sql`select pg_terminate_backend(${pid})`);
  };
  const answer = async () => ({ contentType: "application/json", body: "{}" });

  it("after the channel drops and comes back with no write anywhere meanwhile, each instance keeps its cache and hears notices again", async () => {
    await t.app.publicCache.get("k-shows", ["shows"], answer);
    await b.publicCache.get("k-shows", ["shows"], answer);
    const before = { ...pids };
    const clears = { ...heard.clears };
    await terminate([before.a, before.b]);
    await expect.poll(() => pids.a !== before.a && pids.b !== before.b, { timeout: 5000, interval: 20 }).toBe(true);
    // twice: the catch-up read, sent right after LISTEN on the same connection, has answered by then
    await roundTrip();
    await roundTrip();
    // nothing was written meanwhile: nothing dropped (before decision 023 the whole cache went)
    expect(t.app.publicCache.peek("k-shows")).toBeDefined();
    expect(b.publicCache.peek("k-shows")).toBeDefined();
    expect(heard.clears).toEqual(clears); // (the first connection's clear, of a nearly empty cache, was before)
    heard.b.length = 0;
    t.app.publicCache.invalidate(["lyrics"]);
    await expect.poll(() => heard.b, { timeout: 1000, interval: 10 }).toEqual(["lyrics"]);
  });

  it("a write by a peer while the channel was down is dropped once it is back, and only that", async () => {
    await b.publicCache.get("k-merch", ["merchandise"], answer);
    await b.publicCache.get("k-shows", ["shows"], answer);
    const before = pids.b;
    shutGate();
    await terminate([before]);
    // A writes merchandise while B hears nothing; A's notice goes out (B misses it)
    const version = async () => {
      const { sql } = await import("drizzle-orm");
      const r = await t.database.db.execute(sql`select version from cache_tag_versions where tag = 'merchandise'`);
      return Number((r as unknown as { rows: { version: string }[] }).rows[0]?.version ?? 0);
    };
    const was = await version();
    t.app.publicCache.invalidate(["merchandise"]);
    await expect.poll(version, { timeout: 2000, interval: 10 }).toBe(was + 1);
    expect(b.publicCache.peek("k-merch")).toBeDefined(); // missed
    gate.release();
    await expect.poll(() => pids.b !== before, { timeout: 5000, interval: 20 }).toBe(true);
    await roundTrip();
    await expect.poll(() => b.publicCache.peek("k-merch"), { timeout: 5000, interval: 10 }).toBeUndefined();
    expect(b.publicCache.peek("k-shows")).toBeDefined();
  });

  it("a notice that failed (the database blinked) is sent again and reaches the peer", async () => {
    const db = t.database.db as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
    const execute = db.execute;
    let failures = 2;
    db.execute = function (this: unknown, ...args: unknown[]) {
      if (failures-- > 0) return Promise.reject(new Error("Connection terminated unexpectedly"));
      return execute.apply(this, args);
    };
    try {
      heard.b.length = 0;
      t.app.publicCache.invalidate(["videos"]);
      await expect.poll(() => heard.b, { timeout: 3000, interval: 10 }).toEqual(["videos"]);
      expect(failures).toBeLessThan(0);
    } finally {
      db.execute = execute;
    }
  });
});
