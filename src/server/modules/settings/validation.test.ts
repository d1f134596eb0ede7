import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SettingKey } from "@shared/constants";
import { startWithAdmin, type TestApp } from "../../test/app";

// Issue 13: each setting is checked for what it is; embed links are stored in the platform's embed form.
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());

const put = (key: SettingKey, value: string) => t.request({ method: "PUT", url: `/api/settings/${key}`, headers, payload: { value } });
const read = async (key: SettingKey) => (await t.request({ method: "GET", url: `/api/settings/${key}` })).json().data.value;

describe("embed settings", () => {
  it("have no stock embed of another artist: never set means null, and the public page shows the band's own tracks", async () => {
    expect(await read("soundcloud-url")).toBeNull();
    expect(await read("spotify-url")).toBeNull();
  });

  it.each([
    ["a track page", "https://soundcloud.com/tar-river-static/porch-light?si=abc&utm_source=clipboard", "https%3A%2F%2Fsoundcloud.com%2Ftar-river-static%2Fporch-light"],
    ["a playlist without https://", "soundcloud.com/tar-river-static/sets/floodplain", "https%3A%2F%2Fsoundcloud.com%2Ftar-river-static%2Fsets%2Ffloodplain"],
    ["the embed code from Share > Embed", '<iframe width="100%" height="300" src="https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/123&amp;color=%23ff5500"></iframe>', "url=https%3A//api.soundcloud.com/tracks/123&color=%23ff5500"],
  ])("SoundCloud: %s becomes the player link", async (_what, pasted, expected) => {
    const res = await put("soundcloud-url", pasted);
    expect(res.statusCode).toBe(200);
    const stored = res.json().data.value;
    expect(stored).toMatch(/^https:\/\/w\.soundcloud\.com\/player\/\?url=/);
    expect(stored).toContain(expected);
    expect(await read("soundcloud-url")).toBe(stored);
  });

  it.each([
    ["https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy?si=xyz", "https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy"],
    ["https://open.spotify.com/intl-de/track/11dFghVXANMlKmJXsNCbNl", "https://open.spotify.com/embed/track/11dFghVXANMlKmJXsNCbNl"],
    ["https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M?utm_source=generator", "https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M"],
    ["open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF", "https://open.spotify.com/embed/artist/0OdUWJ0sBjDrqHygGUXeCF"],
    ["spotify:album:4aawyAB9vmqN3uQ7FjRGTy", "https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy"],
  ])("Spotify: %s is stored as %s", async (pasted, embed) => {
    const res = await put("spotify-url", pasted);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.value).toBe(embed);
  });

  it.each([
    ["soundcloud-url", "https://example.com/song", /^Must be a SoundCloud link/],
    ["soundcloud-url", "javascript:alert(1)", /^Must be a SoundCloud link/],
    ["soundcloud-url", "https://soundcloud.com/", /^Must be a SoundCloud link/],
    ["spotify-url", "my album", /^Must be a Spotify link/],
    ["spotify-url", "https://open.spotify.com/user/someone/extra/parts", /^Must be a Spotify link/],
    ["spotify-url", "https://youtube.com/watch?v=dQw4w9WgXcQ", /^Must be a Spotify link/],
  ] as const)("%s refuses %j with a clear message and keeps the saved value", async (key, value, message) => {
    const before = await read(key);
    const res = await put(key, value);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.value).toMatch(message);
    expect(await read(key)).toBe(before);
  });

  it("an empty value turns the player off (stored as '')", async () => {
    expect((await put("spotify-url", "  ")).json().data.value).toBe("");
    expect(await read("spotify-url")).toBe("");
  });
});

describe("links", () => {
  it.each([
    ["instagram-url", "instagram.com/tarriverstatic", "https://instagram.com/tarriverstatic"],
    ["facebook-url", "https://www.facebook.com/tarriverstatic", "https://www.facebook.com/tarriverstatic"],
    ["twitter-url", "https://x.com/tarriverstatic", "https://x.com/tarriverstatic"],
    ["youtube-url", "https://www.youtube.com/@tarriverstatic", "https://www.youtube.com/@tarriverstatic"],
    ["bandcamp-url", "tarriverstatic.bandcamp.com", "https://tarriverstatic.bandcamp.com"],
    ["tiktok-url", "tiktok.com/@tarriverstatic", "https://tiktok.com/@tarriverstatic"],
    ["threads-url", "https://www.threads.net/@tarriverstatic", "https://www.threads.net/@tarriverstatic"],
    ["bluesky-url", "https://bsky.app/profile/tarriverstatic.bsky.social", "https://bsky.app/profile/tarriverstatic.bsky.social"],
  ] as const)("%s accepts %j as %j", async (key, value, stored) => {
    const res = await put(key, value);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.value).toBe(stored);
  });

  it.each([
    ["instagram-url", "https://facebook.com/band", "Must be an Instagram link, e.g. https://instagram.com/yourband"],
    ["instagram-url", "https://instagram.com/", "Must be an Instagram link, e.g. https://instagram.com/yourband"],
    ["twitter-url", "@tarriverstatic", "Must be a Twitter / X link, e.g. https://x.com/yourband"],
    ["youtube-url", "javascript:alert(1)", "Must be a YouTube link, e.g. https://youtube.com/@yourband"],
    ["bandcamp-url", "not a link", "Must be a valid URL, e.g. https://yourband.bandcamp.com"],
    ["tiktok-url", "https://instagram.com/band", "Must be a TikTok link, e.g. https://www.tiktok.com/@yourband"],
    ["bluesky-url", "https://bsky.app/", "Must be a Bluesky link, e.g. https://bsky.app/profile/yourband.bsky.social"],
  ] as const)("%s refuses %j", async (key, value, message) => {
    const res = await put(key, value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: `value: ${message}`, errors: { value: message } });
  });

  it("show-bios is 'true' or 'false'; the band's name is one line", async () => {
    expect((await put("show-bios", "yes")).statusCode).toBe(400);
    expect((await put("show-bios", "true")).statusCode).toBe(200);
    expect((await put("band-name", "Tar\nRiver")).json().errors.value).toBe("The band's name must be one line");
  });
});
