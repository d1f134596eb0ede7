import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, subscribers } from "../../db/schema";
import { startWithAdmin, type TestApp } from "../../test/app";
import { multipartFile } from "../../test/multipart";
import { phonePhoto } from "../../../../tests/support/photos";

/**
 * Issue 21: the activity log reads as a band would say it, each entry worded by the route that
 * did it (issue 22), with new values, never secrets, dates in the band's time zone.
 */
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());

type Entry = { username: string; action: string; resource: string; recordId: string | null; summary: string | null; description: string; changes: Record<string, unknown> | null };

async function write(method: "POST" | "PUT" | "DELETE", url: string, payload?: object, status = 200) {
  const res = await t.request({ method, url, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** The newest entry of a resource: the last thing done to it. */
async function last(resource: string): Promise<Entry> {
  const res = await t.request({ method: "GET", url: `/api/admin/activity?resource=${encodeURIComponent(resource)}&pageSize=1`, headers });
  return res.json().data[0];
}

const year = new Date().getFullYear();
const show = { venue: "The Pour House", location: "Raleigh, NC", date: `${year}-12-08`, time: "8:00 PM", price: "12", ageRestriction: "21+" };

describe("shows", () => {
  it("a change of status alone reads as what it means", async () => {
    const { data } = await write("POST", "/api/shows", show, 201);
    expect(await last("shows")).toMatchObject({ action: "create", description: "added the show at The Pour House on Dec 8", summary: `The Pour House on Dec 8, ${year}` });
    await write("PUT", `/api/shows/${data.id}`, { ...show, status: "sold-out" });
    expect(await last("shows")).toMatchObject({ action: "update", recordId: String(data.id), description: "marked the show at The Pour House on Dec 8 as Sold Out", changes: { status: "sold-out" } });
  });

  it("an edit names each changed field with its old and new value; another year's show has its year", async () => {
    const { data } = await write("POST", "/api/shows", { ...show, venue: "Cat's Cradle", date: `${year}-01-03` }, 201);
    await write("PUT", `/api/shows/${data.id}`, { ...show, venue: "Cat's Cradle", date: `${year}-01-03`, time: "9:00 PM", price: "15" });
    const entry = await last("shows");
    expect(entry.description).toBe("changed the show at Cat's Cradle on Jan 3: time 8:00 PM → 9:00 PM, price $12 → $15");
    expect(entry.changes).toEqual({ time: "9:00 PM", price: "15.00" });

    await write("PUT", `/api/shows/${data.id}`, { ...show, venue: "Local 506", date: `${year + 1}-01-03`, time: "9:00 PM", price: "15" });
    expect((await last("shows")).description).toBe(`changed the show at Cat's Cradle on Jan 3: venue Cat's Cradle → Local 506, date Jan 3 → Jan 3, ${year + 1}`);
  });

  it("a delete names the show as it was", async () => {
    const { data } = await write("POST", "/api/shows", { ...show, venue: "Kings" }, 201);
    await write("DELETE", `/api/shows/${data.id}`);
    expect(await last("shows")).toMatchObject({ action: "delete", description: "deleted the show at Kings on Dec 8", summary: `Kings on Dec 8, ${year}`, changes: null });
  });
});

describe("videos, uploads, settings", () => {
  it("deleting a video names it", async () => {
    const { data } = await write("POST", "/api/videos", { title: "Live at Kings", description: "Full set", category: "live", embedUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }, 201);
    await write("PUT", `/api/videos/${data.id}/active`, { isActive: false });
    expect(await last("videos")).toMatchObject({ action: "hide", description: "hid the video 'Live at Kings' from the site" });
    await write("DELETE", `/api/videos/${data.id}`);
    expect(await last("videos")).toMatchObject({ action: "delete", description: "deleted the video 'Live at Kings'" });
  });

  it("an upload is named by the file's own name", async () => {
    const body = multipartFile(await phonePhoto({ width: 400, height: 300 }), { name: "harkers-island.jpg", type: "image/jpeg" });
    const res = await t.request({ method: "POST", url: "/api/upload/media?fileType=image", payload: body.payload, headers: { ...body.headers, ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await last("uploads")).toMatchObject({ action: "upload", description: "uploaded photo harkers-island.jpg", recordId: String(res.json().data.id) });
  });

  it("a settings save lists the changed settings with their new values; long texts are said to be edited", async () => {
    await write("PUT", "/api/settings", { "band-name": "Floodplain" });
    await write("PUT", "/api/settings", { "band-name": "The Night Shift", tagline: "Garage punk from Leeds", "welcome-content": "Thanks for joining us.\n\nSee you at a show!" });
    const entry = await last("settings");
    expect(entry.description).toBe("changed the settings: band name Floodplain → The Night Shift, tagline (none) → Garage punk from Leeds, welcome mail text edited");
    expect(entry.changes).toEqual({ "band-name": "The Night Shift", tagline: "Garage punk from Leeds", "welcome-content": "Thanks for joining us.\n\nSee you at a show!" });
    await write("PUT", "/api/settings/band-name", { value: "The Night Shift" });
    expect((await last("settings")).description).toBe("saved the settings (nothing changed)");
  });
});

describe("the newsletter", () => {
  it("a scheduled newsletter is 'scheduled' for its time in the band's time zone, never 'sent'", async () => {
    await write("PUT", "/api/settings/timezone", { value: "Asia/Tokyo" });
    // 09:00 UTC is 6:00 PM in Tokyo (no daylight saving there)
    const at = new Date(Date.now() + 40 * 86_400_000);
    at.setUTCHours(9, 0, 0, 0);
    const day = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", month: "short", day: "numeric", ...(at.getUTCFullYear() === year ? {} : { year: "numeric" }) }).format(at);
    const { data } = await write("POST", "/api/newsletter/send", { subject: "Spring tour", content: "<p>Dates!</p>", targetShows: true, scheduledAt: at.toISOString() }, 202);
    const entry = await last("newsletter");
    expect(entry).toMatchObject({ action: "schedule", recordId: String(data.newsletterId), summary: "Spring tour", description: `scheduled the newsletter 'Spring tour' for ${day}, 6:00 PM` });
    expect(entry.description).not.toMatch(/sent/);

    await write("POST", `/api/newsletters/${data.newsletterId}/cancel`);
    expect(await last("newsletter")).toMatchObject({ action: "cancel", description: `cancelled the scheduled newsletter 'Spring tour' (it was due ${day}, 6:00 PM)` });
  });

  it("a newsletter sent now is 'sent', with how many fans it went to", async () => {
    await t.app.db.insert(subscribers).values({ email: "fan@example.com", showsInterest: true, isVerified: true, isSubscribed: true, verifiedAt: new Date() });
    const { data } = await write("POST", "/api/newsletter/send", { subject: "Tonight", content: "<p>Doors at 8</p>", targetShows: true }, 202);
    expect(await last("newsletter")).toMatchObject({ action: "send", recordId: String(data.newsletterId), description: "sent the newsletter 'Tonight' to 1 fan" });
  });
});

describe("entries from before (no description)", () => {
  it("are worded from what they hold", async () => {
    await t.app.db.insert(activityLog).values([
      { userId: null, username: "jamie", action: "update", resource: "shows", recordId: "3", summary: "The Pour House on Dec 5, 2030", changes: { price: "15.00" } },
    ]);
    await t.app.db.insert(activityLog).values([{ userId: null, username: "jamie", action: "delete", resource: "videos", recordId: "9", summary: null, changes: null }]);
    await t.app.db.insert(activityLog).values([{ userId: null, username: "jamie", action: "update", resource: "settings", recordId: "band-name", summary: "band-name", changes: { value: "Floodplain" } }]);
    const res = await t.request({ method: "GET", url: "/api/admin/activity?username=jamie", headers });
    expect(res.json().data.map((e: Entry) => e.description)).toEqual(["changed the setting band-name to 'Floodplain'", "deleted video #9", "changed the show at The Pour House on Dec 5, 2030"]);
  });
});
