import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videos } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const base = { description: "d", embedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ", category: "official" as const };
  await t.database.db.insert(videos).values([
    { ...base, title: "Third", sortOrder: 3 },
    { ...base, title: "Hidden", sortOrder: 0, isActive: false },
    { ...base, title: "First", sortOrder: 1, category: "live" as const },
  ]);
});
afterAll(() => t.close());

describe("GET /api/videos/active", () => {
  it("returns only active videos, lowest sortOrder first", async () => {
    const res = await t.request({ method: "GET", url: "/api/videos/active" });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((v: { title: string }) => v.title)).toEqual(["First", "Third"]);
    expect(data[0]).toMatchObject({ category: "live", embedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ", thumbnailUrl: "", isActive: true });
  });
});
