import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lyrics } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
let draftId: number;
let publishedId: number;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db
    .insert(lyrics)
    .values([
      { title: "B", songName: "Song B", lyricsText: "line 1\nline 2", sortOrder: 2, albumName: "LP", releaseYear: "2024" },
      { title: "Draft", songName: "Draft", lyricsText: "secret", isPublished: false, sortOrder: 0 },
      { title: "A", songName: "Song A", lyricsText: "x", sortOrder: 1 },
    ])
    .returning();
  publishedId = rows[0].id;
  draftId = rows[1].id;
});
afterAll(() => t.close());

describe("public lyrics", () => {
  it("lists published lyrics only, by sortOrder", async () => {
    const res = await t.request({ method: "GET", url: "/api/lyrics" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((l: { title: string }) => l.title)).toEqual(["A", "B"]);
  });

  it("returns one published lyric with its text, album and year", async () => {
    const res = await t.request({ method: "GET", url: `/api/lyrics/${publishedId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: "B", songName: "Song B", lyricsText: "line 1\nline 2", albumName: "LP", releaseYear: "2024" });
  });

  it("hides a draft from visitors (404) but shows it to an admin", async () => {
    const anon = await t.request({ method: "GET", url: `/api/lyrics/${draftId}` });
    expect(anon.statusCode).toBe(404);
    expect(anon.json()).toMatchObject({ success: false });
    const admin = await t.request({ method: "GET", url: `/api/lyrics/${draftId}`, headers: await t.adminHeaders() });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.title).toBe("Draft");
  });

  it("404s an unknown id and 400s a non-numeric one", async () => {
    expect((await t.request({ method: "GET", url: "/api/lyrics/999999" })).statusCode).toBe(404);
    const bad = await t.request({ method: "GET", url: "/api/lyrics/abc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
  });
});
