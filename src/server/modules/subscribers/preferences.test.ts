import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterDeliveries, subscribers } from "../../db/schema";
import type { NewsletterWorker } from "../newsletter/worker";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/app";

/**
 * Issue 12 through the real SMTP sink and the real database: the one welcome mail a fan gets on
 * verifying, and the preferences page's API reached by the personal link in that mail and in
 * every newsletter (change interests, unsubscribe, delete, bad and used-up tokens).
 */
describe("welcome mail and the fan's preferences (real SMTP)", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let worker: NewsletterWorker;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: "https://band.example" });
    worker = await t.app.newsletterWorker.start({ pollMs: 50 });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    await sink.close();
  });

  const mailsTo = (addr: string, mails = sink.mails) => mails.filter((m) => m.to.includes(addr));
  // the welcome mail is the one whose one-click unsubscribe goes to the preferences API
  const welcomesTo = (addr: string) => mailsTo(addr).filter((m) => m.header("list-unsubscribe")?.includes("/api/preferences/unsubscribe?"));
  const preferencesLink = (mail: ReceivedMail) => mail.links().find((l) => l.startsWith("https://band.example/preferences?token="));
  const tokenOf = (mail: ReceivedMail) => new URL(preferencesLink(mail)!).searchParams.get("token")!;
  const settle = () => new Promise((r) => setTimeout(r, 300));

  /** subscribes, opens the verification link twice, and returns the one welcome mail */
  async function joinList(email: string, interests: Record<string, boolean>, name?: string) {
    const res = await t.request({ method: "POST", url: "/api/subscribe", payload: { name, email, interests } });
    expect(res.statusCode).toBe(200);
    const [verification] = mailsTo(email, await sink.waitFor((m) => mailsTo(email, m).length > 0));
    const link = new URL(verification.links().find((l) => l.includes("/verify-email?"))!);
    for (let i = 0; i < 2; i++) {
      const verified = await t.request({ method: "GET", url: `/api/verify-email${link.search}` });
      expect(verified.statusCode).toBe(200);
    }
    await sink.waitFor(() => welcomesTo(email).length > 0);
    await settle();
    expect(welcomesTo(email)).toHaveLength(1);
    return welcomesTo(email)[0];
  }

  async function sendNewsletter(subject: string, targets: Record<string, boolean>) {
    const res = await t.request({ method: "POST", url: "/api/newsletter/send", headers: await t.adminHeaders(), payload: { subject, content: "<p>News</p>", ...targets } });
    expect(res.statusCode).toBe(202);
    await worker.idle();
    return res.json().data as { newsletterId: number; recipients: number };
  }

  const read = (token: string) => t.request({ method: "GET", url: `/api/preferences?token=${encodeURIComponent(token)}` });

  it("verifying sends exactly one welcome mail (opened twice, still one) with a working preferences link and unsubscribe headers", async () => {
    const email = "welcome.fan@example.com";
    const welcome = await joinList(email, { shows: true, releases: false, merch: false }, "Wendy");
    expect(welcome.subject).toBe("Welcome to the Tar River Static mailing list");
    expect(welcome.decoded).toContain("See you up front");
    expect(welcome.header("list-unsubscribe")).toMatch(/^<https:\/\/band\.example\/api\/preferences\/unsubscribe\?token=[\w-]{43}>$/);
    expect(welcome.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    const res = await read(tokenOf(welcome));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { name: "Wendy", email, interests: { shows: true, releases: false, merch: false }, region: null, place: null, placed: false, isSubscribed: true } });
    // only the hash is stored
    const [row] = await t.app.db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(row.preferencesToken).not.toBe(tokenOf(welcome));
    expect(row.preferencesToken).toMatch(/^[0-9a-f]{64}$/);
    expect(row.welcomeSentAt).not.toBeNull();
  });

  it("two verifications racing send one welcome mail", async () => {
    const email = "racing@example.com";
    await t.request({ method: "POST", url: "/api/subscribe", payload: { email, interests: { shows: true } } });
    const [verification] = mailsTo(email, await sink.waitFor((m) => mailsTo(email, m).length > 0));
    const link = new URL(verification.links().find((l) => l.includes("/verify-email?"))!);
    const answers = await Promise.all([1, 2, 3].map(() => t.request({ method: "GET", url: `/api/verify-email${link.search}` })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await sink.waitFor(() => welcomesTo(email).length > 0);
    await settle();
    expect(welcomesTo(email)).toHaveLength(1);
  });

  it("the admin's welcome subject and content are used, sanitized like a newsletter; empty or overlong values are refused", async () => {
    const headers = await t.adminHeaders();
    const put = (key: string, value: string) => t.request({ method: "PUT", url: `/api/settings/${key}`, headers, payload: { value } });
    expect((await put("welcome-subject", "")).json().errors.value).toBe("Subject is required");
    expect((await put("welcome-subject", "x".repeat(201))).statusCode).toBe(400);
    expect((await put("welcome-content", "  ")).json().errors.value).toBe("Content is required");
    expect((await put("welcome-subject", "  You're in!  ")).json().data.value).toBe("You're in!");
    expect((await put("welcome-content", "<p>Hello <b>friend</b></p><script>alert(1)</script>")).statusCode).toBe(200);

    const welcome = await joinList("custom@example.com", { shows: false, releases: true, merch: false });
    expect(welcome.subject).toBe("You're in!");
    expect(welcome.decoded).toContain("<b>friend</b>");
    expect(welcome.decoded).not.toContain("<script>");
    expect(welcome.decoded).toMatch(/Content-Type: text\/plain/i);
    expect(preferencesLink(welcome)).toBeDefined();
  });

  it("interests changed on the preferences page decide the next newsletter; its mail carries a working preferences link", async () => {
    const email = "switcher@example.com";
    const welcome = await joinList(email, { shows: true, releases: false, merch: false }, "Sam");
    const token = tokenOf(welcome);

    const shows = await sendNewsletter("Shows before", { targetShows: true, targetReleases: false, targetMerch: false });
    expect(mailsTo(email).some((m) => m.subject === "Shows before")).toBe(true);
    expect(shows.recipients).toBeGreaterThan(0);

    const saved = await t.request({ method: "PUT", url: "/api/preferences", payload: { token, name: "  Sam S.  ", interests: { shows: false, releases: false, merch: true }, region: "US-NC" } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      message: "Your preferences have been saved.",
      data: { name: "Sam S.", email, interests: { shows: false, releases: false, merch: true }, region: "US-NC", place: null, placed: false, isSubscribed: true },
    });

    await sendNewsletter("Shows after", { targetShows: true, targetReleases: false, targetMerch: false });
    expect(mailsTo(email).some((m) => m.subject === "Shows after")).toBe(false);
    await sendNewsletter("Merch after", { targetShows: false, targetReleases: false, targetMerch: true });
    const merch = mailsTo(email).find((m) => m.subject === "Merch after")!;
    expect(merch).toBeDefined();
    expect(merch.decoded).toContain("Your preferences: https://band.example/preferences?token=");

    // the newsletter's own token names the same fan
    const fromNewsletter = await read(tokenOf(merch));
    expect(fromNewsletter.json().data).toMatchObject({ email, name: "Sam S.", region: "US-NC" });
  });

  it("refuses bad input with clear messages and changes nothing: no interest, unknown region, bad tokens (404, never 500)", async () => {
    const welcome = welcomesTo("welcome.fan@example.com")[0];
    const token = tokenOf(welcome);
    const none = await t.request({ method: "PUT", url: "/api/preferences", payload: { token, interests: { shows: false, releases: false, merch: false } } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/Choose at least one/);
    const region = await t.request({ method: "PUT", url: "/api/preferences", payload: { token, interests: { shows: true, releases: false, merch: false }, region: "XX-YY" } });
    expect(region.statusCode).toBe(400);
    expect((await read(token)).json().data.interests).toEqual({ shows: true, releases: false, merch: false });

    for (const bad of ["nope", "x".repeat(43), "%00", "a+b c"]) {
      const res = await read(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toBe("This preferences link is not valid. Please use the link in the latest mail you got from us.");
    }
    expect((await t.request({ method: "GET", url: "/api/preferences" })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: `/api/preferences?token=${"x".repeat(500)}` })).statusCode).toBe(400);
    expect((await t.request({ method: "PUT", url: "/api/preferences", payload: { token: "nope", interests: { shows: true, releases: true, merch: true } } })).statusCode).toBe(404);
    expect((await t.request({ method: "POST", url: "/api/preferences/unsubscribe", payload: { token: "nope" } })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: "/api/preferences", payload: { token: "nope" } })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: "/api/preferences" })).statusCode).toBe(400);
  });

  it("an address with '+' works end to end", async () => {
    const email = "fan+tour@example.org";
    const welcome = await joinList(email, { shows: true, releases: true, merch: true });
    expect((await read(tokenOf(welcome))).json().data.email).toBe(email);
    await sendNewsletter("Plus news", { targetShows: true, targetReleases: false, targetMerch: false });
    const mail = mailsTo(email).find((m) => m.subject === "Plus news")!;
    expect((await read(tokenOf(mail))).json().data.email).toBe(email);
  });

  it("one-click unsubscribe from the welcome mail's header, and the unsubscribe button, take the fan off the list", async () => {
    const email = "leaver@example.com";
    const welcome = await joinList(email, { shows: true, releases: false, merch: false });
    const oneClick = new URL(welcome.header("list-unsubscribe")!.replace(/^<|>$/g, ""));
    // a browser opening the header's URL gets the page; nothing changes
    const opened = await t.request({ method: "GET", url: `${oneClick.pathname}${oneClick.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/preferences${oneClick.search}`);
    expect((await read(tokenOf(welcome))).json().data.isSubscribed).toBe(true);
    const res = await t.request({ method: "POST", url: `${oneClick.pathname}${oneClick.search}`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "List-Unsubscribe=One-Click" });
    expect(res.statusCode).toBe(200);
    expect((await read(tokenOf(welcome))).json().data.isSubscribed).toBe(false);
    await sendNewsletter("After leaving", { targetShows: true, targetReleases: true, targetMerch: true });
    expect(mailsTo(email).some((m) => m.subject === "After leaving")).toBe(false);

    const other = await joinList("button.leaver@example.com", { shows: true, releases: false, merch: false });
    const button = await t.request({ method: "POST", url: "/api/preferences/unsubscribe", payload: { token: tokenOf(other) } });
    expect(button.json()).toEqual({ success: true, message: "You have been unsubscribed. You will not receive any more newsletters." });
    expect((await read(tokenOf(other))).json().data.isSubscribed).toBe(false);
  });

  it("delete from the preferences page: the record is gone, pending mails skipped, past rows blanked, and the link then says so", async () => {
    const email = "forget.me@example.com";
    await joinList(email, { shows: true, releases: false, merch: false });
    await sendNewsletter("Before forgetting", { targetShows: true, targetReleases: false, targetMerch: false });
    const mail = mailsTo(email).find((m) => m.subject === "Before forgetting")!;
    const token = tokenOf(mail);

    // a newsletter queued while the worker is stopped stays pending for this fan
    await worker.stop();
    const res = await t.request({ method: "POST", url: "/api/newsletter/send", headers: await t.adminHeaders(), payload: { subject: "Pending one", content: "<p>Soon</p>", targetShows: true } });
    expect(res.statusCode).toBe(202);
    const pendingId = res.json().data.newsletterId as number;
    const [me] = await t.app.db.select().from(subscribers).where(eq(subscribers.email, email));

    const deleted = await t.request({ method: "DELETE", url: "/api/preferences", payload: { token } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: "Your subscription has been deleted. Nothing more is stored about you." });

    expect(await t.app.db.select().from(subscribers).where(eq(subscribers.email, email))).toEqual([]);
    expect(await t.app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.email, email))).toEqual([]);
    const mine = await t.app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.newsletterId, pendingId));
    const skipped = mine.filter((d) => d.status === "skipped");
    expect(skipped).toHaveLength(1);
    expect(skipped[0].email).toBe(`deleted-${skipped[0].id}`);
    expect(skipped[0].subscriberId).toBeNull();
    expect(me).toBeDefined();

    worker = await t.app.newsletterWorker.start({ pollMs: 50 });
    await worker.idle();
    expect(mailsTo(email).some((m) => m.subject === "Pending one")).toBe(false);

    for (const again of [read(token), t.request({ method: "DELETE", url: `/api/preferences?token=${token}` }), t.request({ method: "PUT", url: "/api/preferences", payload: { token, interests: { shows: true, releases: true, merch: true } } })]) {
      const r = await again;
      expect(r.statusCode).toBe(410);
      expect(r.json()).toEqual({ success: false, message: "This subscription was deleted. Nothing more is stored about you." });
    }
  });
});
