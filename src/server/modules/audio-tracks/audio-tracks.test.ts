import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithAdmin, type TestApp } from "../../test/app";
import { expectIdChecks, expectRefusedWithoutSession, recordRoutes } from "../../test/crud-checks";

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => ({ t, headers: admin } = await startWithAdmin()));
afterAll(() => t.close());

const track = { title: "Cinderblock", artist: "Tar River Static", audioUrl: "/uploads/audio/a.mp3", coverArtUrl: "/uploads/images/c.png", duration: 184.4, isFeatured: false, isActive: true };
const trackRoutes = recordRoutes("/api/audio-tracks", track, [
  { method: "PUT", url: "/api/audio-tracks/:id/featured", payload: { isFeatured: true } },
  { method: "PUT", url: "/api/audio-tracks/:id/active", payload: { isActive: true } },
]);
const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) => t.request({ method, url, headers: admin, payload: payload as never });
const featuredTitles = async () => (await t.request({ method: "GET", url: "/api/audio-tracks?featured=true" })).json().data.map((x: { title: string }) => x.title);

describe("audio tracks admin routes", () => {
  it("creates, reads, updates and deletes a track, with duration stored as decimal seconds", async () => {
    const created = await send("POST", "/api/audio-tracks", track);
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    const read = await send("GET", `/api/audio-tracks/${id}`);
    expect(read.json().data).toMatchObject({ ...track, duration: "184.40" });

    const updated = await send("PUT", `/api/audio-tracks/${id}`, { ...track, title: "Cinderblock (live)", duration: "201.456", coverArtUrl: "" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ title: "Cinderblock (live)", duration: "201.46", coverArtUrl: "" });

    expect((await send("DELETE", `/api/audio-tracks/${id}`)).json()).toMatchObject({ success: true, message: "Audio track deleted" });
    expect((await send("GET", `/api/audio-tracks/${id}`)).statusCode).toBe(404);
    expect((await send("DELETE", `/api/audio-tracks/${id}`)).statusCode).toBe(404);
  });

  it("applies the entity defaults: not featured, active, no cover art", async () => {
    const { title, artist, audioUrl, duration } = track;
    const res = await send("POST", "/api/audio-tracks", { title, artist, audioUrl, duration });
    expect(res.json().data).toMatchObject({ isFeatured: false, isActive: true, coverArtUrl: "" });
  });

  it("toggles featured and active; the public player gets the most recently featured active track first", async () => {
    const a = (await send("POST", "/api/audio-tracks", { ...track, title: "A" })).json().data;
    const b = (await send("POST", "/api/audio-tracks", { ...track, title: "B" })).json().data;
    expect(await featuredTitles()).toEqual([]);

    expect((await send("PUT", `/api/audio-tracks/${a.id}/featured`, { isFeatured: true })).json().data.isFeatured).toBe(true);
    await send("PUT", `/api/audio-tracks/${b.id}/featured`, { isFeatured: true });
    expect(await featuredTitles()).toEqual(["B", "A"]);

    // starring A again (off, on) puts it back on air
    await send("PUT", `/api/audio-tracks/${a.id}/featured`, { isFeatured: false });
    await send("PUT", `/api/audio-tracks/${a.id}/featured`, { isFeatured: true });
    expect(await featuredTitles()).toEqual(["A", "B"]);

    const off = await send("PUT", `/api/audio-tracks/${a.id}/active`, { isActive: false });
    expect(off.json().data.isActive).toBe(false);
    expect(await featuredTitles()).toEqual(["B"]);
    // the admin list still holds the inactive track
    const all = (await send("GET", "/api/audio-tracks")).json().data.map((x: { title: string }) => x.title);
    expect(all).toContain("A");
  });

  it("refuses visitors", async () => {
    await expectRefusedWithoutSession(t, [{ method: "GET", url: "/api/admin/audio-tracks" }, ...trackRoutes.all]);
  });
});

describe("audio track validation (400 with the spec's message, never a 500)", () => {
  const bad: [string, unknown, string, string][] = [
    ["missing title", { ...track, title: undefined }, "title", "Title is required"],
    ["blank title", { ...track, title: "   " }, "title", "Title is required"],
    ["blank artist", { ...track, artist: "" }, "artist", "Artist is required"],
    ["blank audio URL", { ...track, audioUrl: "" }, "audioUrl", "Audio file URL is required"],
    ["javascript: audio URL", { ...track, audioUrl: "javascript:alert(1)" }, "audioUrl", "Audio file URL must be an uploaded file or an http(s) link"],
    ["backslash audio path", { ...track, audioUrl: "/\\evil.example/a.mp3" }, "audioUrl", "Audio file URL must be an uploaded file or an http(s) link"],
    ["data: cover art", { ...track, coverArtUrl: "data:image/png;base64,AAAA" }, "coverArtUrl", "Cover art URL must be an uploaded file or an http(s) link"],
    ["zero duration", { ...track, duration: 0 }, "duration", "Duration must be a positive number"],
    ["negative duration", { ...track, duration: -3 }, "duration", "Duration must be a positive number"],
    ["text duration", { ...track, duration: "three minutes" }, "duration", "Duration must be a positive number"],
    ["boolean duration", { ...track, duration: true }, "duration", "Duration must be a positive number"],
    ["too long duration", { ...track, duration: 100000 }, "duration", "Duration is too long (9999.99 seconds at most)"],
    ["huge title", { ...track, title: "x".repeat(100_000) }, "title", "Title is too long (200 characters at most)"],
    ["string flag", { ...track, isFeatured: "yes" }, "isFeatured", "isFeatured must be true or false"],
  ];
  it.each(bad)("%s", async (_name, payload, field, message) => {
    const res = await send("POST", "/api/audio-tracks", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it("refuses bad ids and bad toggle bodies", async () => {
    await expectIdChecks(t, trackRoutes.byId);
    const res = await send("PUT", "/api/audio-tracks/1/featured", { isFeatured: "true" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.isFeatured).toBe("isFeatured must be true or false");
    expect((await send("PUT", "/api/audio-tracks/1/active", {})).statusCode).toBe(400);
  });
});

it("never answers a random body with a 500 (fuzz)", async () => {
  const body = fc.oneof(fc.anything(), fc.record({ title: fc.anything(), artist: fc.anything(), audioUrl: fc.anything(), coverArtUrl: fc.anything(), duration: fc.anything(), isFeatured: fc.anything(), isActive: fc.anything() }, { requiredKeys: [] }));
  await fc.assert(
    fc.asyncProperty(fc.constantFrom("POST", "PUT"), body, async (method, payload) => {
      const res = await send(method as "POST" | "PUT", method === "POST" ? "/api/audio-tracks" : "/api/audio-tracks/1", payload);
      expect([200, 201, 400, 404, 415]).toContain(res.statusCode);
    }),
    { numRuns: 150 },
  );
});
