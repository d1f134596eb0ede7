import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "../../db/seed";
import { createTestApp, type TestApp } from "../../test/app";
import { multipartFile } from "../../test/multipart";
import { phonePhoto } from "../../../../tests/support/photos";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, t.app.config);
});
afterAll(() => t.close());

const status = async () => (await t.request({ method: "GET", url: "/api/admin/setup", headers: await t.adminHeaders() })).json().data;
const done = async () => Object.fromEntries((await status()).steps.map((s: { step: string; done: boolean }) => [s.step, s.done]));

describe("the dashboard's setup checklist (issue 21)", () => {
  it("starts with everything to do on a new demo site, and ticks each step from the site's own data", async () => {
    expect(await done()).toEqual({ email: false, links: false, photo: false, show: false, demo: false, mail: false, backups: false });
    const first = await status();
    expect(first.mailFolder).toBe(t.app.config.mailDir);
    const headers = await t.adminHeaders();

    // the admin's own e-mail, on their user form
    const me = (await t.request({ method: "GET", url: `/api/users/${first.userId}`, headers })).json().data;
    expect((await t.request({ method: "PUT", url: `/api/users/${first.userId}`, headers, payload: { username: me.username, email: "jamie@tarriver.example" } })).statusCode).toBe(200);
    // the band's own Instagram (the demo band's does not count)
    expect((await t.request({ method: "PUT", url: "/api/settings/instagram-url", headers, payload: { value: "https://www.instagram.com/harkersisland" } })).statusCode).toBe(200);
    // a real show
    expect((await t.request({ method: "POST", url: "/api/shows", headers, payload: { venue: "Tipsy Teapot Backyard", location: "Greenville, NC", date: "2027-05-01", time: "8:00 PM", price: "10.00", ageRestriction: "All Ages" } })).statusCode).toBe(201);
    expect(await done()).toMatchObject({ email: true, links: true, photo: false, show: true, demo: false });

    // a band photo, uploaded and set in Settings
    const body = multipartFile(await phonePhoto({ width: 800, height: 533 }), { name: "band.jpg", type: "image/jpeg" });
    const uploaded = await t.request({ method: "POST", url: "/api/upload/media?fileType=image&purpose=band-photo", payload: body.payload, headers: { ...body.headers, ...headers } });
    expect((await t.request({ method: "PUT", url: "/api/band-photo", headers, payload: { imageUrl: uploaded.json().data.filePath } })).statusCode).toBe(200);
    expect(await done()).toMatchObject({ photo: true });

    expect((await t.request({ method: "DELETE", url: "/api/admin/demo-content", headers })).statusCode).toBe(200);
    expect(await done()).toMatchObject({ demo: true, mail: false, backups: false });
  });

  it("is for signed-in admins only", async () => {
    expect((await t.request({ method: "GET", url: "/api/admin/setup" })).statusCode).toBe(401);
  });
});
