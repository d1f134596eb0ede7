import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithAdmin, type TestApp } from "../../test/app";
import { expectIdChecks, expectRefusedWithoutSession } from "../../test/crud-checks";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());

const valid = { title: "Floodplain", songName: "Floodplain", albumName: "", releaseYear: "2025", lyricsText: "Line one\nLine two", isPublished: true, sortOrder: 1 };
const post = (payload: unknown) => t.request({ method: "POST", url: "/api/lyrics", headers, payload: payload as never });
const publicTitles = async () => (await t.request({ method: "GET", url: "/api/lyrics" })).json().data.map((l: { title: string }) => l.title);

describe("lyrics CRUD", () => {
  it("creates, publishes/unpublishes, updates and deletes; drafts only in the admin list", async () => {
    const created = await post(valid);
    expect(created.statusCode).toBe(201);
    const row = created.json().data;
    expect(row).toMatchObject({ title: "Floodplain", albumName: null, releaseYear: "2025", isPublished: true, lyricsText: "Line one\nLine two" });
    expect(await publicTitles()).toContain("Floodplain");

    const draft = await t.request({ method: "PUT", url: `/api/lyrics/${row.id}/publish`, headers, payload: { isPublished: false } });
    expect(draft.json()).toMatchObject({ message: "Lyrics status updated successfully", data: { isPublished: false } });
    expect(await publicTitles()).not.toContain("Floodplain");
    const admin = (await t.request({ method: "GET", url: "/api/admin/lyrics", headers })).json().data;
    expect(admin.find((l: { id: number }) => l.id === row.id)?.isPublished).toBe(false);
    // the draft is readable by the admin (edit form), not by visitors
    expect((await t.request({ method: "GET", url: `/api/lyrics/${row.id}`, headers })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/lyrics/${row.id}` })).statusCode).toBe(404);

    const updated = await t.request({ method: "PUT", url: `/api/lyrics/${row.id}`, headers, payload: { ...valid, title: "Floodplain (acoustic)", albumName: "Static Season" } });
    expect(updated.json()).toMatchObject({ message: "Lyrics updated successfully", data: { title: "Floodplain (acoustic)", albumName: "Static Season", isPublished: true } });

    expect((await t.request({ method: "DELETE", url: `/api/lyrics/${row.id}`, headers })).json().message).toBe("Lyrics deleted successfully");
    expect((await t.request({ method: "GET", url: `/api/lyrics/${row.id}`, headers })).statusCode).toBe(404);
  });

  it("orders the admin list by sortOrder and defaults isPublished to true", async () => {
    await post({ ...valid, title: "Later", sortOrder: 9 });
    await post({ title: "Earlier", songName: "S", lyricsText: "x", sortOrder: -2 });
    const rows = (await t.request({ method: "GET", url: "/api/admin/lyrics", headers })).json().data;
    expect(rows[0]).toMatchObject({ title: "Earlier", isPublished: true, albumName: null, releaseYear: null });
    expect(rows.at(-1).title).toBe("Later");
  });
});

describe("lyrics validation", () => {
  it.each([
    ["title", { title: "" }, "Title is required"],
    ["songName", { songName: "" }, "Song name is required"],
    ["lyricsText", { lyricsText: "  " }, "Lyrics content is required"],
    ["lyricsText", { lyricsText: "x".repeat(20_001) }, "Too long (20,000 characters at most)"],
    ["sortOrder", { sortOrder: "abc" }, "Sort order must be a whole number"],
    ["isPublished", { isPublished: "true" }, "isPublished must be true or false"],
    ["albumName", { albumName: 5 }, "Must be text"],
  ])("%s: %j -> %s", async (field, change, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { [field]: message } });
  });

  it("checks ids on every :id route", async () => {
    await expectIdChecks(t, [
      { method: "PUT", url: "/api/lyrics/:id", payload: valid },
      { method: "PUT", url: "/api/lyrics/:id/publish", payload: { isPublished: true } },
      { method: "DELETE", url: "/api/lyrics/:id" },
    ]);
  });
});

it("refuses the admin lyrics routes without a session", async () => {
  await expectRefusedWithoutSession(t, [
    { method: "GET", url: "/api/admin/lyrics" },
    { method: "POST", url: "/api/lyrics", payload: valid },
    { method: "PUT", url: "/api/lyrics/1", payload: valid },
    { method: "PUT", url: "/api/lyrics/1/publish", payload: { isPublished: false } },
    { method: "DELETE", url: "/api/lyrics/1" },
  ]);
});
