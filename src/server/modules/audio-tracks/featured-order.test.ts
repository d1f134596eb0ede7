import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstFeaturedTrackId } from "@shared/featured-order";
import { audioTracks } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const base = { artist: "Band", audioUrl: "/uploads/a.mp3", duration: "61.50", isFeatured: true };
  await t.database.db.insert(audioTracks).values([
    { ...base, title: "Older", updatedAt: new Date("2025-03-01T00:00:00Z") },
    { ...base, title: "Newer", updatedAt: new Date("2025-04-01T00:00:00Z") },
    { ...base, title: "Newest but inactive", isActive: false, updatedAt: new Date("2025-05-01T00:00:00Z") },
    // issue 25: not out yet, so never in the player, however recently it was starred
    { ...base, title: "Newest but unreleased", unreleased: true, updatedAt: new Date("2025-06-01T00:00:00Z") },
  ]);
});
afterAll(() => t.close());

describe("the track the featured player starts with", () => {
  it("is the one the admin list marks 'Plays first' (the public read and the shared rule agree)", async () => {
    const publicList = (await t.request({ method: "GET", url: "/api/audio-tracks?featured=true" })).json().data;
    const adminList = (await t.request({ method: "GET", url: "/api/audio-tracks", headers: await t.adminHeaders() })).json().data;
    expect(publicList[0].title).toBe("Newer");
    expect(firstFeaturedTrackId(adminList)).toBe(publicList[0].id);

    // after another write to a featured track, both sides still agree
    const older = adminList.find((x: { title: string }) => x.title === "Older");
    await t.request({ method: "PUT", url: `/api/audio-tracks/${older.id}/featured`, headers: await t.adminHeaders(), payload: { isFeatured: true } });
    const publicAfter = (await t.request({ method: "GET", url: "/api/audio-tracks?featured=true" })).json().data;
    const adminAfter = (await t.request({ method: "GET", url: "/api/audio-tracks", headers: await t.adminHeaders() })).json().data;
    expect(firstFeaturedTrackId(adminAfter)).toBe(publicAfter[0].id);
  });
});
