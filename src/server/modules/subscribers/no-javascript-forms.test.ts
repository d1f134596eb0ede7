import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INITIAL_DATA_ID, type InitialPage } from "@shared/page-render";
import { messages, subscribers } from "../../db/schema";
import { hashToken } from "../../lib/tokens";
import { subscribe } from "./repository";
import { createTestApp, type TestApp } from "../../test/app";

/**
 * Issue 21: the public forms post as ordinary forms when JavaScript is off, and answer with a
 * page: the same validation messages as the JSON API, drawn into the page the form is on. The
 * JSON API, and mail clients' one-click unsubscribe, answer as before.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FORM_RATE_LIMIT: 100 });
});
afterAll(async () => t?.close());

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const FORM = "application/x-www-form-urlencoded";

function post(url: string, fields: [string, string][], accept = BROWSER_ACCEPT, headers: Record<string, string> = {}) {
  return t.request({ method: "POST", url, headers: { "content-type": FORM, accept, ...headers }, payload: new URLSearchParams(fields).toString() });
}

/** The page's inlined data: what the browser's app and the server's render both draw from. */
function pageOf(html: string): InitialPage {
  const match = new RegExp(`<script type="application/json" id="${INITIAL_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  expect(match, "the page inlines its data").not.toBeNull();
  return JSON.parse(match![1]) as InitialPage;
}

describe("the signup form without JavaScript", () => {
  it("a refused post answers with the home page holding every field's error and what was typed; nothing is stored", async () => {
    const res = await post("/api/subscribe", [
      ["name", "Dana Creech"],
      ["email", "dana-at-example"],
      ["region", "US-NC"],
      ["website", ""],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const page = pageOf(res.body);
    expect(page.path).toBe("/");
    expect(page.form).toMatchObject({
      form: "subscribe",
      page: "/",
      ok: false,
      errors: { email: "Please enter a valid email address", interests: "Choose at least one: shows, releases or merch." },
      values: { name: "Dana Creech", email: "dana-at-example", region: "US-NC" },
    });
    // the honeypot is never drawn back
    expect(page.form?.values).not.toHaveProperty("website");
    expect(await t.database.db.select().from(subscribers).where(eq(subscribers.email, "dana-at-example"))).toHaveLength(0);
  });

  it("a good post signs the fan up once and leads to the thanks page (See Other, so a reload posts nothing)", async () => {
    const res = await post("/api/subscribe", [
      ["name", "Dana Creech"],
      ["email", "dana@example.com"],
      ["interests", "shows"],
      ["interests", "merch"],
      ["region", "outside"],
      ["country", "DE"],
    ]);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/thanks/subscribe");
    const rows = await t.database.db.select().from(subscribers).where(eq(subscribers.email, "dana@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Dana Creech", showsInterest: true, releasesInterest: false, merchInterest: true, region: "DE" });

    const thanks = await t.request({ method: "GET", url: "/thanks/subscribe" });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain("Thanks for subscribing!");
  });

  it("a program posting a form and asking for JSON gets the JSON answer", async () => {
    const res = await post("/api/subscribe", [["email", "program@example.com"], ["interests", "releases"]], "application/json");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Please check your email to verify your subscription." });
  });
});

describe("the message form without JavaScript", () => {
  it("an empty message comes back with the spec's message beside the field; a good one is stored once and leads to thanks", async () => {
    const refused = await post("/api/contact", [["name", "Sam"], ["email", "sam@example.com"], ["messageType", "booking"], ["message", "   "]]);
    expect(refused.statusCode).toBe(400);
    expect(pageOf(refused.body).form).toMatchObject({ form: "contact", ok: false, errors: { message: "Message is required" }, values: { messageType: "booking" } });

    const sent = await post("/api/contact", [["name", "Sam"], ["email", "sam@example.com"], ["messageType", "booking"], ["message", "Play Greenville in March?"]]);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe("/thanks/contact");
    const stored = await t.database.db.select().from(messages).where(eq(messages.email, "sam@example.com"));
    expect(stored.map((m) => [m.messageType, m.message])).toEqual([["booking", "Play Greenville in March?"]]);
  });
});

describe("the mail pages without JavaScript", () => {
  it("the verification link verifies when its page is opened (a HEAD only looks)", async () => {
    const tokens = await subscribe(t.database.db, { name: null, email: "link@example.com", interests: { shows: true, releases: false, merch: false }, region: null, ip: "127.0.0.1" });
    const url = `/verify-email?email=link%40example.com&token=${encodeURIComponent(tokens!.verifyToken)}`;
    const head = await t.request({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    const [before] = await t.database.db.select().from(subscribers).where(eq(subscribers.email, "link@example.com"));
    expect(before.isVerified).toBe(false);

    const res = await t.request({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(pageOf(res.body).form).toMatchObject({ form: "verify-email", ok: true, message: "Your email has been verified successfully!" });
    const [after] = await t.database.db.select().from(subscribers).where(eq(subscribers.email, "link@example.com"));
    expect(after.isVerified).toBe(true);
  });

  it("the unsubscribe button posts a form and the page says it is done; a mail client's one-click post still gets JSON", async () => {
    const tokens = await subscribe(t.database.db, { name: null, email: "leaving@example.com", interests: { shows: true, releases: true, merch: true }, region: null, ip: "127.0.0.1" });
    const res = await post("/api/unsubscribe", [["email", "leaving@example.com"], ["token", tokens!.unsubscribeToken]]);
    expect(res.statusCode).toBe(200);
    const page = pageOf(res.body);
    expect(page.path).toBe("/unsubscribe");
    expect(page.form).toMatchObject({ form: "unsubscribe", ok: true, message: "You have been unsubscribed. You will not receive any more newsletters." });
    expect(page.form?.page).toBe(`/unsubscribe?email=leaving%40example.com&token=${encodeURIComponent(tokens!.unsubscribeToken)}`);

    const again = await subscribe(t.database.db, { name: null, email: "oneclick@example.com", interests: { shows: true, releases: true, merch: true }, region: null, ip: "127.0.0.1" });
    // RFC 8058: the token in the URL, `List-Unsubscribe=One-Click` in the body, no preference for HTML
    const oneClick = await t.request({
      method: "POST",
      url: `/api/unsubscribe?email=oneclick%40example.com&token=${encodeURIComponent(again!.unsubscribeToken)}`,
      headers: { "content-type": FORM },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toMatchObject({ success: true });
  });

  it("the preferences page saves, refuses a delete not confirmed, and deletes once confirmed", async () => {
    await t.database.db.insert(subscribers).values({ email: "kit@example.com", name: "Kit", preferencesToken: hashToken("kit-token"), isVerified: true });
    const saved = await post("/api/preferences", [["token", "kit-token"], ["name", "Kit Lowery"], ["interests", "releases"], ["region", "US-SC"]]);
    expect(saved.statusCode).toBe(200);
    const page = pageOf(saved.body);
    expect(page.form).toMatchObject({ form: "preferences", ok: true, message: "Your preferences have been saved." });
    // the page is drawn with the record as it now is
    expect(page.queries["/api/preferences?token=kit-token"]).toMatchObject({ name: "Kit Lowery", region: "US-SC", interests: { shows: false, releases: true, merch: false } });

    const unconfirmed = await post("/api/preferences/delete", [["token", "kit-token"]]);
    expect(unconfirmed.statusCode).toBe(400);
    expect(pageOf(unconfirmed.body).form).toMatchObject({ form: "preferences-delete", ok: false, errors: { confirm: "Tick the box to confirm that everything should be deleted." } });
    expect(await t.database.db.select().from(subscribers).where(eq(subscribers.email, "kit@example.com"))).toHaveLength(1);

    const deleted = await post("/api/preferences/delete", [["token", "kit-token"], ["confirm", "yes"]]);
    expect(deleted.statusCode).toBe(200);
    expect(pageOf(deleted.body).form).toMatchObject({ form: "preferences-delete", ok: true });
    expect(await t.database.db.select().from(subscribers).where(eq(subscribers.email, "kit@example.com"))).toHaveLength(0);
  });
});

describe("limits", () => {
  it("a form posted too often gets the page with the rate limit's words, not JSON", async () => {
    const limited = await createTestApp({ FORM_RATE_LIMIT: 1 });
    try {
      const send = () =>
        limited.request({ method: "POST", url: "/api/contact", headers: { "content-type": FORM, accept: BROWSER_ACCEPT }, payload: new URLSearchParams([["email", "x@example.com"], ["message", "Hi"]]).toString() });
      expect((await send()).statusCode).toBe(303);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["content-type"]).toMatch(/^text\/html/);
      expect(pageOf(refused.body).form).toMatchObject({ form: "contact", ok: false, message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) });
    } finally {
      await limited.close();
    }
  });
});

describe("faults", () => {
  it("with the database gone, a form post still answers a page that says so (no JSON, no crash)", async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const res = await broken.request({
        method: "POST",
        // the preferences page reads the fan's record to draw its answer: the database is needed twice
        url: "/api/preferences",
        headers: { "content-type": FORM, accept: BROWSER_ACCEPT },
        payload: new URLSearchParams([["token", "kit-token"], ["interests", "shows"]]).toString(),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toContain("Back to the site");
    } finally {
      await broken.app.close();
    }
  });
});

describe("routes that take no forms", () => {
  it("refuse a form body as before (415), signed in or not", async () => {
    const login = await post("/api/admin/login", [["username", "admin"], ["password", "x"]]);
    expect(login.statusCode).toBe(415);
    const admin = await post("/api/shows", [["venue", "Cat's Cradle"]], BROWSER_ACCEPT, await t.adminHeaders());
    expect(admin.statusCode).toBe(415);
  });
});
