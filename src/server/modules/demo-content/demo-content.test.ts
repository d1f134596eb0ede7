import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog } from "../../db/schema";
import { seedDemoContent } from "../../db/seed";
import { createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, t.app.config);
});
afterAll(() => t.close());

const upload = (url: string) => path.join(t.app.config.uploadsDir, url.slice("/uploads/".length));

describe("Remove all demo content (issue 21)", () => {
  it("lists the demo rows, then removes those and their files, keeping what the band made or edited", async () => {
    const headers = await t.adminHeaders();
    const get = async (url: string) => (await t.request({ method: "GET", url, headers })).json().data;

    // the band's own show, and a demo merch item the band made its own by editing it
    const own = await t.request({ method: "POST", url: "/api/shows", headers, payload: { venue: "The Tipsy Teapot Backyard", location: "Greenville, NC", date: "2027-05-01", time: "8:00 PM", price: "10.00", ageRestriction: "All Ages" } });
    expect(own.statusCode).toBe(201);
    const merch: { id: number; name: string; imageUrl: string }[] = await get("/api/merchandise");
    const tee = merch.find((m) => m.name === "Floodplain Tee")!;
    const edited = await t.request({ method: "PUT", url: `/api/merchandise/${tee.id}`, headers, payload: { ...tee, name: "Floodplain Tee (2027 run)", price: "27.00" } });
    expect(edited.statusCode).toBe(200);
    const hoodieImage = merch.find((m) => m.name === "Static Hoodie")!.imageUrl;
    expect(fs.existsSync(upload(hoodieImage))).toBe(true);

    const before = await get("/api/admin/demo-content");
    expect(before.shows).toHaveLength(5);
    expect(before.shows).not.toContain(own.json().data.id);
    expect(before.merchandise).toHaveLength(merch.length - 1);
    expect(before.merchandise).not.toContain(tee.id);
    expect(before.bandMembers).toHaveLength(4);
    expect(before.total).toBeGreaterThan(20);

    const res = await t.request({ method: "DELETE", url: "/api/admin/demo-content", headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Demo content removed", data: { shows: 5, merchandise: merch.length - 1, bandMembers: 4, lyrics: 4, audioTracks: 2 } });
    expect(res.json().data.files).toBeGreaterThan(5);
    expect(res.json().data.settings).toBeGreaterThan(0);

    const after = await get("/api/admin/demo-content");
    expect(after.total).toBe(0);
    // public answers follow at once (the cache was dropped)
    const shows = (await t.request({ method: "GET", url: "/api/shows" })).json().data;
    expect(shows.map((s: { venue: string }) => s.venue)).toEqual(["The Tipsy Teapot Backyard"]);
    const left = (await t.request({ method: "GET", url: "/api/merchandise" })).json().data;
    expect(left.map((m: { name: string }) => m.name)).toEqual(["Floodplain Tee (2027 run)"]);
    expect((await t.request({ method: "GET", url: "/api/band-members" })).json().data).toEqual([]);
    // the demo band's name is gone: the site falls back to the default name
    expect((await t.request({ method: "GET", url: "/api/settings/band-name" })).json().data.value).not.toBe("Tar River Static");
    // files: the removed hoodie's photo is gone; the kept tee's photo stays
    expect(fs.existsSync(upload(hoodieImage))).toBe(false);
    expect(fs.existsSync(upload(tee.imageUrl))).toBe(true);

    const log = await t.database.db.select().from(activityLog);
    expect(log.some((e) => e.action === "delete" && e.resource === "demo-content")).toBe(true);

    // twice is harmless
    const again = await t.request({ method: "DELETE", url: "/api/admin/demo-content", headers });
    expect(again.json()).toMatchObject({ message: "No demo content left", data: { shows: 0, files: 0 } });
  });

  it("is for signed-in admins only", async () => {
    expect((await t.request({ method: "GET", url: "/api/admin/demo-content" })).statusCode).toBe(401);
    expect((await t.request({ method: "DELETE", url: "/api/admin/demo-content" })).statusCode).toBe(401);
  });
});
