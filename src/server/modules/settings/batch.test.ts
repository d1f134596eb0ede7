import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SettingKey } from "@shared/constants";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { startWithAdmin, createTestApp, type TestApp } from "../../test/app";

// Issue 21: a Settings section saves its fields at once (PUT /api/settings), each checked by its own rule.
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => ({ t, headers } = await startWithAdmin()));
afterAll(() => t.close());

const putMany = (payload: unknown, h: Record<string, string> = headers) => t.request({ method: "PUT", url: "/api/settings", headers: h, payload: payload as never });
const read = async (key: SettingKey) => (await t.request({ method: "GET", url: `/api/settings/${key}` })).json().data.value;

describe("PUT /api/settings (several at once)", () => {
  it("stores every value, each as its own rule keeps it, and answers them", async () => {
    const res = await putMany({ "band-name": "  Floodplain  ", "instagram-url": "instagram.com/floodplain", timezone: "europe/berlin", tagline: "Garage  punk\nfrom Leeds" });
    expect(res.statusCode, res.body).toBe(200);
    const stored = { "band-name": "Floodplain", "instagram-url": "https://instagram.com/floodplain", timezone: "Europe/Berlin", tagline: "Garage punk from Leeds" };
    expect(res.json()).toEqual({ success: true, message: "Setting updated", data: stored });
    for (const [key, value] of Object.entries(stored)) expect(await read(key as SettingKey)).toBe(value);
  });

  it("one refused value saves nothing; the 400 names each refused key with its rule", async () => {
    const res = await putMany({ "band-name": "Not Saved", "instagram-url": "https://facebook.com/x", timezone: "Mars/Base", "hero-kicker": "fine" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.errors).toEqual({
      "instagram-url": "Must be an Instagram link, e.g. https://instagram.com/yourband",
      timezone: "Unknown time zone 'Mars/Base'. Use an IANA name such as America/New_York or Europe/Berlin.",
    });
    expect(body.message).toBe("instagram-url: Must be an Instagram link, e.g. https://instagram.com/yourband (and 1 more)");
    expect(await read("band-name")).toBe("Floodplain");
    expect(await read("hero-kicker")).toBeNull();
  });

  it("refuses an unknown key, an empty body and a value that is not text, clearly (never a 500)", async () => {
    const unknown = await putMany({ "band-name": "X", "admin-password": "hunter2" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, message: "admin-password: Unknown setting", errors: { "admin-password": "Unknown setting" } });
    const empty = await putMany({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Nothing to save/);
    const number = await putMany({ tagline: 5 });
    expect(number.statusCode).toBe(400);
    expect(number.json().errors).toEqual({ tagline: "Value must be text" });
    const nul = await putMany({ tagline: "a\u0000b" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors.tagline).toMatch(/control characters/);
    const list = await putMany(["tagline"]);
    expect(list.statusCode).toBe(400);
    expect(await read("band-name")).toBe("Floodplain");
  });

  it("is for admins only", async () => {
    expect((await putMany({ tagline: "x" }, {})).statusCode).toBe(401);
    expect(await read("tagline")).toBe("Garage punk from Leeds");
  });

  it("is logged once, with the saved values", async () => {
    expect((await putMany({ "footer-text": "See you  up front." })).statusCode).toBe(200);
    const log = (await t.request({ method: "GET", url: "/api/admin/activity?resource=settings", headers })).json().data;
    expect(log[0]).toMatchObject({ action: "update", resource: "settings", changes: { "footer-text": "See you up front." } });
  });
});

describe("the words on the site (issue 21)", () => {
  it("are unset at first (the pages use today's texts) and each key answers on its own public GET", async () => {
    const fresh = await createTestApp();
    try {
      for (const key of ["hero-kicker", "origin", "merch-kicker", "merch-intro", "mailing-list-intro", "contact-intro", "hero-text"] as const) {
        const res = await fresh.request({ method: "GET", url: `/api/settings/${key}` });
        expect(res.json().data.value).toBeNull();
        expect(SETTING_DEFAULTS[key]).toBeTruthy();
      }
      expect(SETTING_DEFAULTS["merch-kicker"]).toBe("Printed on demand");
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ["hero-kicker", "<b>Loud</b>", "Plain text only: leave out HTML tags such as <b>"],
    ["merch-intro", 'Shirts <a href="https://x.example">here</a>', "Plain text only: leave out HTML tags such as <b>"],
    ["origin", "x".repeat(41), "Too long: 41 characters, 40 at most"],
    ["tagline", "y".repeat(121), "Too long: 121 characters, 120 at most"],
  ] as const)("%s refuses %j", async (key, value, message) => {
    const res = await t.request({ method: "PUT", url: `/api/settings/${key}`, headers, payload: { value } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.value).toBe(message);
  });

  it("keep '<3' and quotes as text, tidy spaces and line breaks, and store empty as empty (the line is left out)", async () => {
    const res = await putMany({ "contact-intro": "  We read everything <3\n\n'Booking' too.  ", origin: "   " });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ "contact-intro": "We read everything <3 'Booking' too.", origin: "" });
    expect(await read("origin")).toBe("");
  });
});
