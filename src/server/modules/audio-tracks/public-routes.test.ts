import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audioTracks } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { expectSameAdminAnswer } from "../../test/crud-checks";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const base = { artist: "Band", audioUrl: "/uploads/a.mp3", duration: "61.50" };
  await t.database.db.insert(audioTracks).values([
    { ...base, title: "Featured", isFeatured: true, coverArtUrl: "/uploads/c.png" },
    { ...base, title: "Featured but inactive", isFeatured: true, isActive: false },
    { ...base, title: "Plain" },
  ]);
});
afterAll(() => t.close());

describe("GET /api/audio-tracks", () => {
  it("?featured=true returns featured and active tracks only, to anyone", async () => {
    const res = await t.request({ method: "GET", url: "/api/audio-tracks?featured=true" });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((x: { title: string }) => x.title)).toEqual(["Featured"]);
    expect(data[0]).toMatchObject({ audioUrl: "/uploads/a.mp3", coverArtUrl: "/uploads/c.png", duration: "61.50", artist: "Band" });
  });

  it("without ?featured it is the admin list: 401 for visitors, every track for an admin", async () => {
    expect((await t.request({ method: "GET", url: "/api/audio-tracks" })).statusCode).toBe(401);
    const res = await t.request({ method: "GET", url: "/api/audio-tracks", headers: await t.adminHeaders() });
    expect(res.json().data).toHaveLength(3);
  });
});

describe("GET /api/admin/audio-tracks", () => {
  it("is the admin library in the admin scope, the same answer as the spec's GET /api/audio-tracks", async () => {
    expect((await expectSameAdminAnswer(t, "/api/admin/audio-tracks", "/api/audio-tracks")).data).toHaveLength(3);
  });
});
