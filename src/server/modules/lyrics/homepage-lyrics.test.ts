import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { HOMEPAGE_LYRICS } from "@shared/homepage-lyrics";
import { lyrics } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
let headers: Record<string, string>;
beforeEach(async () => {
  t ??= await createTestApp();
  headers ??= await t.adminHeaders();
  await t.database.db.delete(lyrics);
});
afterAll(() => t?.close());

const addHomepage = () => t.request({ method: "POST", url: "/api/lyrics/homepage", headers });
const adminList = async () => (await t.request({ method: "GET", url: "/api/admin/lyrics", headers })).json().data as { id: number; title: string; isPublished: boolean }[];

describe("POST /api/lyrics/homepage (Auto-Add Homepage Lyrics, issue 13)", () => {
  it("adds the built-in lyrics once, as a Draft; a second call answers the existing entry", async () => {
    const first = await addHomepage();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, created: true, message: "Lyrics added successfully", data: { title: HOMEPAGE_LYRICS.title, isPublished: false } });
    const second = await addHomepage();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ success: true, created: false, data: { id: first.json().data.id } });
    expect(await adminList()).toHaveLength(1);
  });

  it("two calls at once (two tabs) add one entry", async () => {
    const answers = await Promise.all([addHomepage(), addHomepage(), addHomepage()]);
    const bodies = answers.map((a) => a.json());
    expect(bodies.filter((b) => b.created)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.data.id)).size).toBe(1);
    expect(await adminList()).toHaveLength(1);
  });

  it("finds an entry the band typed in themselves, whatever its case, spaces or status", async () => {
    await t.database.db.insert(lyrics).values({ title: " highway 264", songName: "HIGHWAY 264 ", lyricsText: "Our own words", isPublished: true });
    const body = (await addHomepage()).json();
    expect(body).toMatchObject({ created: false, data: { title: " highway 264", isPublished: true, lyricsText: "Our own words" } });
    expect(await adminList()).toHaveLength(1);
  });

  it("stays admin only", async () => {
    expect((await t.request({ method: "POST", url: "/api/lyrics/homepage" })).statusCode).toBe(401);
  });
});
