import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithAdmin, type TestApp } from "../../test/app";
import { expectIdChecks, expectRefusedWithoutSession, recordRoutes } from "../../test/crud-checks";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());

const valid = {
  title: "Floodplain (Official Video)",
  description: "Shot in one night.",
  category: "official",
  embedUrl: "https://www.youtube.com/embed/eRsGyueVLvQ",
  thumbnailUrl: "",
  isActive: true,
  sortOrder: 2,
};
const videoRoutes = recordRoutes("/api/videos", valid, [{ method: "PUT", url: "/api/videos/:id/active", payload: { isActive: true } }]);
const post = (payload: unknown) => t.request({ method: "POST", url: "/api/videos", headers, payload: payload as never });
const titles = (rows: { title: string }[]) => rows.map((v) => v.title);

describe("video CRUD", () => {
  it("creates, lists (all, by order), toggles active, updates and deletes", async () => {
    const a = (await post({ ...valid, title: "Second", sortOrder: 5 })).json().data;
    const b = (await post({ ...valid, title: "First", sortOrder: 0 })).json().data;

    const all = await t.request({ method: "GET", url: "/api/videos", headers });
    expect(titles(all.json().data)).toEqual(["First", "Second"]);

    const off = await t.request({ method: "PUT", url: `/api/videos/${a.id}/active`, headers, payload: { isActive: false } });
    expect(off.json().data.isActive).toBe(false);
    // inactive: still in the admin list, gone from the public one
    expect(titles((await t.request({ method: "GET", url: "/api/videos", headers })).json().data)).toContain("Second");
    expect(titles((await t.request({ method: "GET", url: "/api/videos/active" })).json().data)).toEqual(["First"]);

    const updated = await t.request({ method: "PUT", url: `/api/videos/${b.id}`, headers, payload: { ...valid, title: "First, renamed", category: "live" } });
    expect(updated.json()).toMatchObject({ message: "Video updated", data: { title: "First, renamed", category: "live" } });
    expect((await t.request({ method: "GET", url: `/api/videos/${b.id}`, headers })).json().data.title).toBe("First, renamed");

    expect((await t.request({ method: "DELETE", url: `/api/videos/${b.id}`, headers })).json().message).toBe("Video deleted");
    expect((await t.request({ method: "GET", url: `/api/videos/${b.id}`, headers })).statusCode).toBe(404);
  });

  it("stores a pasted YouTube watch or share link as its embed URL", async () => {
    const watch = await post({ ...valid, embedUrl: "https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30s" });
    expect(watch.json().data.embedUrl).toBe("https://www.youtube.com/embed/aqz-KE-bpKQ");
    const share = await post({ ...valid, embedUrl: "https://youtu.be/R6MlUcmOul8?si=xyz" });
    expect(share.json().data.embedUrl).toBe("https://www.youtube.com/embed/R6MlUcmOul8");
    // other hosts are kept as given
    const other = await post({ ...valid, embedUrl: "https://player.vimeo.com/video/1" });
    expect(other.json().data.embedUrl).toBe("https://player.vimeo.com/video/1");
  });

  it("defaults isActive to true and sortOrder to 0", async () => {
    const res = await post({ title: "T", description: "D", category: "fan", embedUrl: "https://player.vimeo.com/video/1" });
    expect(res.json().data).toMatchObject({ isActive: true, sortOrder: 0, thumbnailUrl: "" });
  });

  it("fills an empty thumbnail with the YouTube video's own (spec section 4), on create and on edit", async () => {
    const created = (await post({ ...valid, thumbnailUrl: "" })).json().data;
    expect(created.thumbnailUrl).toBe("https://img.youtube.com/vi/eRsGyueVLvQ/hqdefault.jpg");
    // an admin who empties the thumbnail on the edit form gets the YouTube one back, not a blank
    const edited = await t.request({ method: "PUT", url: `/api/videos/${created.id}`, headers, payload: { ...valid, embedUrl: "https://youtu.be/R6MlUcmOul8", thumbnailUrl: "  " } });
    expect(edited.json().data.thumbnailUrl).toBe("https://img.youtube.com/vi/R6MlUcmOul8/hqdefault.jpg");
    // a chosen thumbnail is kept
    const own = await post({ ...valid, thumbnailUrl: "/uploads/images/own.jpg" });
    expect(own.json().data.thumbnailUrl).toBe("/uploads/images/own.jpg");
  });
});

describe("video validation", () => {
  it.each([
    ["title", { title: "" }, "Title is required"],
    ["description", { description: " " }, "Description is required"],
    ["category", { category: "music" }, "Category must be one of: official, live, fan, documentary, interview, other"],
    ["embedUrl", { embedUrl: "" }, "Video URL is required"],
    ["embedUrl", { embedUrl: "youtube video" }, "Must be a valid URL"],
    ["thumbnailUrl", { thumbnailUrl: "nope" }, "Must be a valid URL"],
    ["sortOrder", { sortOrder: -1 }, "Sort order must be 0 or more"],
    ["sortOrder", { sortOrder: 1.5 }, "Sort order must be a whole number"],
    ["sortOrder", { sortOrder: "3" }, "Sort order must be a whole number"],
    ["isActive", { isActive: 1 }, "isActive must be true or false"],
  ])("%s: %j -> %s", async (field, change, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { [field]: message } });
  });

  it("refuses a bad active toggle body", async () => {
    const v = (await post(valid)).json().data;
    const res = await t.request({ method: "PUT", url: `/api/videos/${v.id}/active`, headers, payload: { isActive: "false" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ isActive: "isActive must be true or false" });
  });

  it("checks ids on every :id route", async () => {
    await expectIdChecks(t, videoRoutes.byId);
  });
});

it("refuses the admin video routes without a session, while /api/videos/active stays public", async () => {
  await expectRefusedWithoutSession(t, [{ method: "GET", url: "/api/videos" }, ...videoRoutes.all]);
  expect((await t.request({ method: "GET", url: "/api/videos/active" })).statusCode).toBe(200);
});
