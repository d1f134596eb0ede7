import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MERCH_TABS } from "@shared/categories";
import { createTestApp, type TestApp } from "../../test/app";
import { seedDemoContent } from ".";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("demo content seed", () => {
  it("fills an empty database with a believable band, once", async () => {
    expect(await seedDemoContent(t.database.db, t.app.config)).toBe(true);
    expect(await seedDemoContent(t.database.db, t.app.config)).toBe(false);

    const get = async (url: string) => (await t.request({ method: "GET", url })).json().data;
    expect((await get("/api/settings/band-name")).value).toBeTruthy();
    expect(await get("/api/shows?upcoming=true")).toHaveLength(4);
    const merch: { category: string }[] = await get("/api/merchandise");
    for (const categories of Object.values(MERCH_TABS)) {
      expect(merch.some((m) => (categories as readonly string[]).includes(m.category))).toBe(true);
    }
    expect((await get("/api/videos/active")).length).toBeGreaterThanOrEqual(4);
    expect((await get("/api/lyrics")).length).toBeGreaterThanOrEqual(3);
    expect(await get("/api/band-members")).toHaveLength(4);
    expect((await get("/api/settings/about-para1")).value).toBeTruthy();
  });

  it("the featured tracks have real audio and cover art served from uploads", async () => {
    const tracks = (await t.request({ method: "GET", url: "/api/audio-tracks?featured=true" })).json().data;
    expect(tracks.length).toBeGreaterThanOrEqual(2);
    for (const track of tracks) {
      const audio = await t.request({ method: "GET", url: track.audioUrl });
      expect(audio.statusCode).toBe(200);
      expect(audio.headers["content-type"]).toBe("audio/mpeg");
      // an MPEG frame sync or an ID3 tag at the start
      expect(audio.rawPayload.subarray(0, 3).toString() === "ID3" || audio.rawPayload[0] === 0xff).toBe(true);
      expect(audio.rawPayload.length).toBeGreaterThan(100_000);
      const cover = await t.request({ method: "GET", url: track.coverArtUrl });
      expect(cover.statusCode).toBe(200);
      expect(cover.headers["content-type"]).toBe("image/jpeg");
    }
  });
});
