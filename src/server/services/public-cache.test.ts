import { describe, expect, it } from "vitest";
import { healthChecker } from "./health";
import { compressed, PublicCache, type BuiltAnswer } from "./public-cache";

const answer = (body: string): BuiltAnswer => ({ contentType: "text/plain", body });
const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe("PublicCache", () => {
  it("a crowd of misses for one key costs one build", async () => {
    const cache = new PublicCache();
    let builds = 0;
    const gate = deferred<void>();
    const build = async () => {
      builds++;
      await gate.promise;
      return answer("shows");
    };
    const crowd = Array.from({ length: 200 }, () => cache.get("k", ["shows"], build));
    gate.resolve();
    const answers = await Promise.all(crowd);
    expect(builds).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    await cache.get("k", ["shows"], build);
    expect(builds).toBe(1);
  });

  it("a build that raced a write is answered once but never kept", async () => {
    const cache = new PublicCache();
    const gate = deferred<void>();
    const racing = cache.get("k", ["shows"], async () => {
      await gate.promise; // read the database before the write...
      return answer("old");
    });
    cache.invalidate(["shows"]); // ...the write commits and invalidates meanwhile
    gate.resolve();
    expect((await racing).body.toString()).toBe("old");
    const next = await cache.get("k", ["shows"], async () => answer("new"));
    expect(next.body.toString()).toBe("new");
  });

  it("invalidates only what was built from the changed content, and tells its listeners", async () => {
    const cache = new PublicCache();
    const heard: string[][] = [];
    cache.onLocalInvalidate((tags) => heard.push([...tags]));
    await cache.get("shows", ["shows"], async () => answer("s"));
    await cache.get("merch", ["merchandise"], async () => answer("m"));
    cache.invalidate(["shows"]);
    expect(cache.peek("shows")).toBeUndefined();
    expect(cache.peek("merch")).toBeDefined();
    cache.invalidate(["merchandise"], { fromPeer: true });
    expect(cache.peek("merch")).toBeUndefined();
    expect(heard).toEqual([["shows"]]); // a peer's invalidation is not sent back out
  });

  it("an answer that changes at a time (freshUntil: a show going on sale) is rebuilt from then on, without any write", async () => {
    let now = 1_000_000;
    const cache = new PublicCache(() => now);
    let builds = 0;
    const build = async () => ({ ...answer(`page ${++builds}`), freshUntil: 1_060_000 });
    expect((await cache.get("page /", ["shows"], build)).body.toString()).toBe("page 1");
    now = 1_059_999;
    expect(cache.peek("page /")?.body.toString()).toBe("page 1");
    now = 1_060_000;
    expect(cache.peek("page /")).toBeUndefined();
    expect((await cache.get("page /", ["shows"], build)).body.toString()).toBe("page 2");
  });

  it("a fallback answer marked store:false is served but not kept", async () => {
    const cache = new PublicCache();
    await cache.get("page", ["settings"], async () => ({ ...answer("bare"), store: false }));
    expect(cache.size).toBe(0);
  });

  it("entries expire after the safety-net age", async () => {
    let now = 0;
    const cache = new PublicCache(() => now);
    let builds = 0;
    const build = async () => answer(String(++builds));
    await cache.get("k", [], build);
    now += 4 * 60_000;
    await cache.get("k", [], build);
    expect(builds).toBe(1);
    now += 2 * 60_000;
    await cache.get("k", [], build);
    expect(builds).toBe(2);
  });

  it("is bounded by bytes, compressed forms included: a flood of one-off keys pushes out itself, not the answers being read", async () => {
    const cache = new PublicCache(Date.now, { maxBytes: 200_000 });
    const page = "<p>a real page</p>".repeat(500); // ~9 KB
    await cache.get("page /shows", ["shows"], async () => answer(page));
    await compressed(cache.peek("page /shows")!, "gzip");
    await compressed(cache.peek("page /shows")!, "br");
    const withForms = cache.byteSize;
    expect(withForms).toBeGreaterThan(page.length);
    for (let i = 0; i < 2000; i++) {
      await cache.get(`/api/lyrics/${i}`, ["lyrics"], async () => answer(`not found ${i}`.padEnd(2000, ".")));
      expect(cache.peek("page /shows")).toBeDefined(); // read between the junk: kept
    }
    expect(cache.byteSize).toBeLessThanOrEqual(200_000);
    expect(cache.size).toBeLessThan(100);
    // an answer larger than the whole bound is answered, never kept
    const huge = await cache.get("huge", [], async () => answer("x".repeat(300_000)));
    expect(huge.body.length).toBe(300_000);
    expect(cache.peek("huge")).toBeUndefined();
    expect(cache.byteSize).toBeLessThanOrEqual(200_000);
  });

  it("when a rebuild fails, answers the last good bytes marked stale (after a write or past the age alike); with none, the failure", async () => {
    let now = 0;
    const cache = new PublicCache(() => now);
    await cache.get("k", ["shows"], async () => answer("good"));
    const down = async (): Promise<BuiltAnswer> => {
      throw new Error("database gone");
    };
    cache.invalidate(["shows"]);
    const after = await cache.lookup("k", ["shows"], down);
    expect(after).toMatchObject({ stale: true });
    expect(after.answer.body.toString()).toBe("good");
    // a fallback the build could only make without its data counts as a failed rebuild too
    const fallback = await cache.lookup("k", ["shows"], async () => ({ ...answer("bare"), store: false }));
    expect(fallback.stale).toBe(true);
    expect(fallback.answer.body.toString()).toBe("good");
    // back: fresh bytes again
    expect(await cache.lookup("k", ["shows"], async () => answer("new"))).toMatchObject({ stale: false });
    now += 6 * 60_000;
    expect((await cache.lookup("k", ["shows"], down)).answer.body.toString()).toBe("new");
    await expect(cache.lookup("other", ["shows"], down)).rejects.toThrow("database gone");
    // a fallback with nothing better is still answered (not kept)
    expect((await cache.lookup("other", ["shows"], async () => ({ ...answer("bare"), store: false }))).answer.body.toString()).toBe("bare");
  });
});

describe("health check", () => {
  it("answers 'busy' while a slow database answered recently, and down when it errors", async () => {
    const slow = healthChecker({ ping: () => new Promise((r) => setTimeout(r, 3000)) });
    expect(await slow()).toEqual({ up: true, database: "busy" });
    const failing = healthChecker({ ping: () => Promise.reject(new Error("connection refused")) });
    expect(await failing()).toEqual({ up: false });
    const fine = healthChecker({ ping: async () => {} });
    expect(await fine()).toEqual({ up: true, database: "ok" });
  });

  it("a database silent for longer than the grace period is down", async () => {
    let now = 0;
    const check = healthChecker({ ping: () => new Promise(() => {}) }, () => now);
    now = 31_000;
    expect(await check()).toEqual({ up: false });
  });
});
