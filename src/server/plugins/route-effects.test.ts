import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_TAGS, type CacheTag } from "../services/public-cache";
import { createTestApp, type TestApp } from "../test/app";

/**
 * Issue 22: a write drops exactly the cached public answers its route declares it changes
 * (`config.invalidates`), nothing when it fails, and nothing for a write that changes nothing public.
 */
let t: TestApp;
let admin: Record<string, string>;
let dropped: (readonly CacheTag[])[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  const invalidate = t.app.publicCache.invalidate.bind(t.app.publicCache);
  t.app.publicCache.invalidate = (tags, opts) => {
    dropped.push([...tags]);
    invalidate(tags, opts);
  };
});
afterAll(async () => t?.close());

/** The tags one request dropped (one invalidation per write at most). */
async function tagsDroppedBy(method: "POST" | "PUT" | "DELETE", url: string, payload?: object, expectStatus = 200) {
  dropped = [];
  const res = await t.request({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(expectStatus);
  expect(dropped.length).toBeLessThanOrEqual(1);
  return { tags: dropped[0] ?? [], res };
}

const show = { venue: "Kings Barcade", location: "Raleigh, NC", date: "2031-05-02", time: "8 PM", price: "12", ageRestriction: "21+" };

describe("what an admin write drops from the public cache", () => {
  it("a show write drops the shows' answers and nothing else", async () => {
    const { tags, res } = await tagsDroppedBy("POST", "/api/shows", show, 201);
    expect(tags).toEqual(["shows"]);
    expect((await tagsDroppedBy("PUT", `/api/shows/${res.json().data.id}`, { ...show, status: "sold-out" })).tags).toEqual(["shows"]);
    expect((await tagsDroppedBy("DELETE", `/api/shows/${res.json().data.id}`)).tags).toEqual(["shows"]);
  });

  it("each resource drops its own tag; the band photo goes with the settings", async () => {
    expect((await tagsDroppedBy("PUT", "/api/merchandise/order", { ids: [] })).tags).toEqual(["merchandise"]);
    expect((await tagsDroppedBy("PUT", "/api/videos/order", { ids: [] })).tags).toEqual(["videos"]);
    expect((await tagsDroppedBy("POST", "/api/lyrics/homepage", undefined, 201)).tags).toEqual(["lyrics"]);
    expect((await tagsDroppedBy("POST", "/api/band-members", { name: "Jess", role: "Drums" }, 201)).tags).toEqual(["band-members"]);
    expect((await tagsDroppedBy("PUT", "/api/settings", { tagline: "Loud and local" })).tags).toEqual(["settings"]);
    expect((await tagsDroppedBy("PUT", "/api/settings/band-name", { value: "Floodplain" })).tags).toEqual(["settings"]);
    expect((await tagsDroppedBy("DELETE", "/api/band-photo")).tags).toEqual(["settings"]);
  });

  it("removing the demo content drops every public answer", async () => {
    expect([...(await tagsDroppedBy("DELETE", "/api/admin/demo-content")).tags].sort()).toEqual([...CACHE_TAGS].sort());
  });

  it("writes that change nothing public drop nothing, and a refused write drops nothing", async () => {
    expect((await tagsDroppedBy("POST", "/api/newsletter/render", { content: "<p>hi</p>" })).tags).toEqual([]);
    expect((await tagsDroppedBy("POST", "/api/users", { username: "bassist", email: "bass@example.com", password: "violet-anchor-93-lamp" }, 201)).tags).toEqual([]);
    expect((await tagsDroppedBy("POST", "/api/newsletter/drafts", { subject: "Soon", content: "" }, 201)).tags).toEqual([]);
    expect((await tagsDroppedBy("POST", "/api/shows", { ...show, venue: "" }, 400)).tags).toEqual([]);
    expect((await tagsDroppedBy("PUT", "/api/shows/999999", show, 404)).tags).toEqual([]);
  });

});
