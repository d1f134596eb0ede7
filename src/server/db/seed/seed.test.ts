import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MERCH_TABS } from "@shared/categories";
import { createTestApp, type TestApp } from "../../test/app";
import { checkSettingValue } from "@shared/schemas/settings";
import type { SettingKey } from "@shared/constants";
import { demoSettings } from "./demo-content";
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
    // no stock SoundCloud/Spotify player of another artist (issue 13): fans get the band's own tracks
    expect((await get("/api/settings/soundcloud-url")).value).toBeNull();
    expect((await get("/api/settings/spotify-url")).value).toBeNull();
  });

  it("every demo setting passes the rule a save would apply (issue 13)", () => {
    for (const [key, value] of Object.entries(demoSettings)) {
      expect({ key, checked: checkSettingValue(key as SettingKey, value) }).toEqual({ key, checked: { ok: true, value } });
    }
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
