import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";

/**
 * Public reads come from memory, so the tests that matter are the ones a fan would notice:
 * the read after any admin write is fresh, a browser's revalidation works, and nothing an
 * admin sees ever reaches the shared answers.
 */
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
});
afterAll(async () => t?.close());

const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: "GET", url, headers });
const write = async (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) => {
  const res = await t.request({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

describe("a public read after an admin write is fresh (same instance)", () => {
  // Each case: warm the public answers, write, read again at once.
  const cases: { name: string; reads: string[]; change: () => Promise<unknown>; expectAfter: (bodies: string[]) => void }[] = [
    {
      name: "show created",
      reads: ["/api/shows", "/api/shows?upcoming=true&limit=50", "/"],
      change: () => write("POST", "/api/shows", { venue: "Kings Barcade", location: "Raleigh, NC", date: future, time: "8 PM", price: "12", ageRestriction: "21+" }),
      expectAfter: (bodies) => bodies.forEach((b) => expect(b).toContain("Kings Barcade")),
    },
    {
      name: "show deleted",
      reads: ["/api/shows", "/"],
      change: async () => {
        const { data } = await write("POST", "/api/shows", { venue: "Gone Tomorrow Hall", location: "Durham, NC", date: future, time: "9 PM", price: "10", ageRestriction: "All Ages" });
        await Promise.all(["/api/shows", "/"].map((u) => get(u))); // cached with it
        await write("DELETE", `/api/shows/${data.id}`);
      },
      expectAfter: (bodies) => bodies.forEach((b) => expect(b).not.toContain("Gone Tomorrow Hall")),
    },
    {
      name: "merchandise created",
      reads: ["/api/merchandise", "/merch"],
      change: () => write("POST", "/api/merchandise", { name: "Floodplain Tee", description: "Black tee", price: "25", category: "T-Shirt", templateDimensions: "4500px x 5400px (T-shirts, Sweatshirts)" }),
      expectAfter: (bodies) => bodies.forEach((b) => expect(b).toContain("Floodplain Tee")),
    },
    {
      name: "video created",
      reads: ["/api/videos/active", "/videos"],
      change: () => write("POST", "/api/videos", { title: "Live at Cat's Cradle", description: "Full set", category: "live", embedUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }),
      expectAfter: (bodies) => bodies.forEach((b) => expect(b).toContain("Live at Cat's Cradle")),
    },
    {
      name: "lyrics unpublished",
      reads: ["/api/lyrics", "/sitemap.xml", "/lyrics"],
      change: async () => {
        const { data } = await write("POST", "/api/lyrics", { title: "Porch Light", songName: "Porch Light", lyricsText: "left it on for you" });
        await Promise.all(["/api/lyrics", "/sitemap.xml", "/lyrics", `/api/lyrics/${data.id}`].map((u) => get(u)));
        await write("PUT", `/api/lyrics/${data.id}/publish`, { isPublished: false });
        const single = await get(`/api/lyrics/${data.id}`);
        expect(single.statusCode).toBe(404);
      },
      expectAfter: (bodies) => bodies.forEach((b) => expect(b).not.toContain("Porch Light")),
    },
    {
      name: "band member added",
      reads: ["/api/band-members", "/"],
      change: () => write("POST", "/api/band-members", { name: "Jess Harrell", role: "Drums" }),
      expectAfter: (bodies) => bodies.forEach((b) => expect(b).toContain("Jess Harrell")),
    },
    {
      name: "featured track added",
      reads: ["/api/audio-tracks?featured=true", "/"],
      change: () => write("POST", "/api/audio-tracks", { title: "Tar Heel Static", artist: "Band", audioUrl: "https://cdn.example/a.mp3", duration: 181, isFeatured: true }),
      expectAfter: (bodies) => bodies.forEach((b) => expect(b).toContain("Tar Heel Static")),
    },
    {
      name: "setting changed (inlined into every page)",
      reads: ["/api/settings/band-name", "/", "/merch", "/lyrics"],
      change: () => write("PUT", "/api/settings/band-name", { value: "Neuse River Ghosts" }),
      expectAfter: (bodies) => bodies.forEach((b) => expect(b).toContain("Neuse River Ghosts")),
    },
  ];

  it.each(cases)("$name", async ({ reads, change, expectAfter }) => {
    for (const url of reads) expect((await get(url)).statusCode).toBeLessThan(500);
    await change();
    const after = await Promise.all(reads.map((u) => get(u)));
    expectAfter(after.map((r) => r.body));
  });
});

describe("HTTP caching", () => {
  it("strong ETag, 304 for a matching If-None-Match, a new ETag after a write", async () => {
    const first = await get("/api/shows");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toMatch(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/);

    const revalidated = await get("/api/shows", { "if-none-match": etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");

    await write("POST", "/api/shows", { venue: "Lincoln Theatre", location: "Raleigh, NC", date: future, time: "7 PM", price: "20", ageRestriction: "All Ages" });
    const changed = await get("/api/shows", { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain("Lincoln Theatre");
  });

  it("pages too: a 304 on revalidation, and the page is the same bytes as before", async () => {
    const page = await get("/");
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    const again = await get("/", { "if-none-match": page.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it("brotli and gzip of the same bytes for clients that accept them", async () => {
    const plain = await get("/");
    const br = await t.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    const gz = await t.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString("utf8")).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it("admin and personal answers are private, no-store", async () => {
    for (const url of ["/api/users", "/api/settings", "/api/admin/me", "/api/subscribers", "/api/band-members?all=true", "/api/audio-tracks"]) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
    }
    const subscribe = await t.request({ method: "POST", url: "/api/subscribe", payload: { email: "fan@example.com", interests: { shows: true } } });
    expect(subscribe.headers["cache-control"]).toBe("private, no-store");
    // a public read made with a session is not for shared caches either
    expect((await get("/api/shows", admin)).headers["cache-control"]).toBe("private, no-store");
  });
});

describe("the shared answers never carry what only an admin may see", () => {
  it("inactive members, drafts and non-featured tracks read by an admin stay out of the public answers", async () => {
    const member = await write("POST", "/api/band-members", { name: "Hidden Roadie", role: "Merch", isActive: false });
    const draft = await write("POST", "/api/lyrics", { title: "Unreleased Demo", songName: "Unreleased Demo", lyricsText: "not yet", isPublished: false });
    await write("POST", "/api/audio-tracks", { title: "B-Side Secret", artist: "Band", audioUrl: "https://cdn.example/b.mp3", duration: 90, isFeatured: false });

    // the admin reads first, with the same URLs where they are shared
    expect((await get("/api/band-members?all=true", admin)).body).toContain("Hidden Roadie");
    expect((await get(`/api/lyrics/${draft.data.id}`, admin)).statusCode).toBe(200);
    expect((await get("/api/audio-tracks", admin)).body).toContain("B-Side Secret");

    const publicMembers = await get("/api/band-members");
    expect(publicMembers.body).not.toContain("Hidden Roadie");
    expect((await get(`/api/lyrics/${draft.data.id}`)).statusCode).toBe(404);
    expect((await get("/api/audio-tracks?featured=true")).body).not.toContain("B-Side Secret");
    expect((await get("/")).body).not.toContain("Hidden Roadie");
    expect(member.data.isActive).toBe(false);
  });
});
