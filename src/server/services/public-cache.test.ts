import { describe, expect, it } from "vitest";
import { healthChecker } from "./health";
import { PublicCache, type BuiltAnswer } from "./public-cache";

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
    expect(cache.size).toBe(1);
    cache.invalidate(["merchandise"], { fromPeer: true });
    expect(cache.size).toBe(0);
    expect(heard).toEqual([["shows"]]); // a peer's invalidation is not sent back out
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
