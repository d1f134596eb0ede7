import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Entry = { username: string; action: string; resource: string; recordId: string | null; summary: string | null; description: string; changes: Record<string, unknown> | null; createdAt: string };

async function activity(query = "") {
  const res = await t.request({ method: "GET", url: `/api/admin/activity${query}`, headers: await t.adminHeaders() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Entry[]; page: { total: number; page: number; pageSize: number }; filters: { usernames: string[]; resources: string[] } };
}

const show = { venue: "The Pour House", location: "Raleigh, NC", date: "2030-12-05", time: "8:00 PM", price: "15", ageRestriction: "21+" };

describe("activity log", () => {
  it("records a create, an update and a delete with who, what, which record and the changed fields", async () => {
    const headers = await t.adminHeaders();
    const created = await t.request({ method: "POST", url: "/api/shows", headers, payload: show });
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.json().data.id);
    expect((await t.request({ method: "PUT", url: `/api/shows/${id}`, headers, payload: { ...show, venue: "Cat's Cradle" } })).statusCode).toBe(200);
    expect((await t.request({ method: "DELETE", url: `/api/shows/${id}`, headers })).statusCode).toBe(200);

    const { data } = await activity("?resource=shows");
    expect(data.map((e) => e.action)).toEqual(["delete", "update", "create"]);
    const [deleted, updated, made] = data;
    expect(made).toMatchObject({ username: "admin", resource: "shows", recordId: id, summary: "The Pour House on Dec 5, 2030" });
    expect(made.changes).toMatchObject({ venue: "The Pour House", date: "2030-12-05" });
    expect(updated).toMatchObject({ recordId: id, summary: "Cat's Cradle on Dec 5, 2030" });
    // the form sends every field; the entry names only the one that changed
    expect(updated.changes).toEqual({ venue: "Cat's Cradle" });
    // the delete answer names nothing: the log keeps the name the show last had
    expect(deleted).toMatchObject({ recordId: id, summary: "Cat's Cradle on Dec 5, 2030", changes: null });
    expect(Date.parse(deleted.createdAt)).toBeGreaterThanOrEqual(Date.parse(made.createdAt));
  });

  it("never records a password (user create and update)", async () => {
    const headers = await t.adminHeaders();
    const created = await t.request({ method: "POST", url: "/api/users", headers, payload: { username: "bassist", email: "bass@example.com", password: "violet-anchor-93-lamp" } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const updated = await t.request({ method: "PUT", url: `/api/users/${id}`, headers, payload: { username: "bassist", email: "bass@example.com", password: "orchid-kettle-41-drum" } });
    expect(updated.statusCode, updated.body).toBe(200);
    const { data } = await activity("?resource=users");
    expect(data.map((e) => e.action)).toEqual(["update", "create"]);
    expect(data[1].changes).toEqual({ username: "bassist", email: "bass@example.com" });
    // only the password changed: the entry says so, and never records it
    expect(data[0].changes).toBeNull();
    expect(data[0].description).toBe("changed admin bassist: new password (signed out elsewhere)");
    for (const entry of data) expect(JSON.stringify(entry)).not.toMatch(/violet|orchid|"password"/);
  });

  it("names actions from the URL (activate/deactivate), and records sign-in and sign-out but not a failed sign-in", async () => {
    const headers = await t.adminHeaders();
    const [user] = (await activity("?resource=users")).data;
    await t.request({ method: "PUT", url: `/api/users/${user.recordId}/active`, headers, payload: { isActive: false } });
    expect((await activity("?resource=users")).data[0]).toMatchObject({ action: "deactivate", summary: "bassist" });

    await t.request({ method: "POST", url: "/api/admin/login", payload: { username: "admin", password: "wrong-password" } });
    const { token } = (await t.request({ method: "POST", url: "/api/admin/login", payload: ADMIN })).json();
    await t.request({ method: "POST", url: "/api/admin/logout", headers: { authorization: `Bearer ${token}` } });
    const sessions = (await activity("?resource=session")).data;
    expect(sessions[0]).toMatchObject({ action: "logout", username: "admin" });
    expect(sessions[1]).toMatchObject({ action: "login", username: "admin" });
    // adminHeaders' own login + this one; the wrong password left nothing
    expect(sessions.filter((e) => e.action === "login")).toHaveLength(2);
  });

  it("filters by person and resource, pages newest first, and lists the filter choices", async () => {
    const headers = await t.adminHeaders();
    for (const title of ["One", "Two", "Three"]) {
      await t.request({ method: "PUT", url: "/api/settings/band-name", headers, payload: { value: `Band ${title}` } });
    }
    const first = await activity("?resource=settings&pageSize=2");
    expect(first.page).toEqual({ total: 3, page: 1, pageSize: 2 });
    expect(first.data.map((e) => e.changes?.value)).toEqual(["Band Three", "Band Two"]);
    expect(first.data[0]).toMatchObject({ recordId: "band-name", action: "update" });
    const second = await activity("?resource=settings&pageSize=2&page=2");
    expect(second.data.map((e) => e.changes?.value)).toEqual(["Band One"]);
    expect(first.filters.resources).toEqual(expect.arrayContaining(["session", "settings", "shows", "users"]));
    expect(first.filters.usernames).toEqual(["admin"]);
    expect((await activity("?username=nobody")).data).toEqual([]);
    expect((await activity("?username=admin")).page.total).toBeGreaterThan(5);
  });

  it("refuses a page size over 100, and is for admins only", async () => {
    const res = await t.request({ method: "GET", url: "/api/admin/activity?pageSize=101", headers: await t.adminHeaders() });
    expect(res.statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/admin/activity" })).statusCode).toBe(401);
  });
});

describe("activity log: saved values and retention (issue 20)", () => {
  it("records the values as saved (the answer's record), not the request body as sent", async () => {
    const headers = await t.adminHeaders();
    const put = (key: string, value: string) => t.request({ method: "PUT", url: `/api/settings/${key}`, headers, payload: { value } });
    expect((await put("band-name", "   The  Night Shift   ")).statusCode).toBe(200);
    const track = await put("soundcloud-url", " https://soundcloud.com/band/song?utm_source=x ");
    expect(track.statusCode, track.body).toBe(200);
    const embed = track.json().data.value;
    expect(embed).toMatch(/^https:\/\/w\.soundcloud\.com\/player\//);
    const { data } = await activity("?resource=settings");
    expect(data.slice(0, 2).map((e) => [e.recordId, e.changes])).toEqual([
      ["soundcloud-url", { value: embed }],
      ["band-name", { value: "The  Night Shift" }],
    ]);
  });

  it("purges entries older than ACTIVITY_LOG_RETENTION_DAYS (default 365), from the background work", async () => {
    const { testConfig } = await import("../../config");
    expect(testConfig().ACTIVITY_LOG_RETENTION_DAYS).toBe(365);
    const { activityLog } = await import("../../db/schema");
    const { purgeActivityLog } = await import("../../plugins/activity-log");
    const day = 24 * 60 * 60 * 1000;
    const entry = (summary: string, ageDays: number) => ({ userId: null, username: "admin", action: "update", resource: "retention", summary, createdAt: new Date(Date.now() - ageDays * day) });
    await t.app.db.insert(activityLog).values([entry("old", 400), entry("kept", 300), entry("new", 0)]);
    const kept = async () => (await activity("?resource=retention")).data.map((e) => e.summary);
    expect(await purgeActivityLog(t.app.db, 365)).toBe(1);
    expect(await kept()).toEqual(["new", "kept"]);

    // the running server's clean-up uses the setting, once at start and then hourly
    const short = await createTestApp({ ACTIVITY_LOG_RETENTION_DAYS: 30 });
    try {
      await short.app.db.insert(activityLog).values([entry("old", 400), entry("month", 31), entry("new", 0)]);
      const { startBackgroundWork } = await import("../../background");
      const stop = await startBackgroundWork(short.app);
      try {
        await expect.poll(async () => (await short.app.db.select().from(activityLog).where(eq(activityLog.resource, "retention"))).map((e) => e.summary)).toEqual(["new"]);
      } finally {
        await stop();
      }
    } finally {
      await short.close();
    }
  });
});
