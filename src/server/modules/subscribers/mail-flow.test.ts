import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../test/smtp-sink";
import type { NewsletterWorker } from "../newsletter/worker";
import { createTestApp, type TestApp } from "../../test/app";

/**
 * The whole mailing-list path against a real SMTP server: subscribe -> verification mail ->
 * its link verifies -> a newsletter reaches verified matching subscribers only -> one-click
 * unsubscribe -> the next newsletter skips them.
 */
describe("mailing list end to end (real SMTP)", () => {
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

  const mailTo = (addr: string) => (mails: ReceivedMail[]) => mails.filter((m) => m.to.includes(addr));

  async function subscribe(email: string, interests: Record<string, boolean>, name?: string) {
    const res = await t.request({ method: "POST", url: "/api/subscribe", payload: { name, email, interests } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Please check your email to verify your subscription." });
  }

  async function verifyFromMail(email: string) {
    const [mail] = mailTo(email)(await sink.waitFor((m) => mailTo(email)(m).length > 0));
    const link = mail.links().find((l) => l.includes("/verify-email?"));
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe("https://band.example");
    expect(url.searchParams.get("email")).toBe(email);
    const res = await t.request({ method: "GET", url: `/api${url.pathname}${url.search}` });
    expect(res.json()).toEqual({ success: true, message: "Your email has been verified successfully!" });
    return mail;
  }

  async function sendNewsletter(subject: string, targets: Record<string, boolean>) {
    const res = await t.request({
      method: "POST",
      url: "/api/newsletter/send",
      headers: await t.adminHeaders(),
      payload: { subject, content: "<p>New <b>record</b> out!</p><script>alert(1)</script>", ...targets },
    });
    expect(res.statusCode).toBe(202);
    await worker.idle();
    return res.json().data as { newsletterId: number; recipients: number };
  }

  it("verifies by the mailed link, delivers only to verified matching subscribers, and honours one-click unsubscribe", async () => {
    await subscribe("Fan.One@Example.com", { shows: true, releases: false, merch: false }, "Fan One");
    await subscribe("fan.two@example.com", { shows: false, releases: true, merch: false });
    await subscribe("merch.only@example.com", { shows: false, releases: false, merch: true });
    await subscribe("never.verifies@example.com", { shows: true, releases: true, merch: true });

    const verifyMail = await verifyFromMail("fan.one@example.com");
    expect(verifyMail.header("list-unsubscribe")).toMatch(/^<https:\/\/band\.example\/api\/unsubscribe\?/);
    expect(verifyMail.subject).toContain("Confirm your subscription");
    // without MAIL_FROM the sender is the band, at the site's own host
    expect(verifyMail.header("from")).toMatch(/Tar River Static.*<no-reply@band\.example>/);
    await verifyFromMail("fan.two@example.com");
    await verifyFromMail("merch.only@example.com");
    await sink.waitFor((m) => mailTo("never.verifies@example.com")(m).length === 1);

    // Shows + releases: fan one and fan two; not merch-only, not the unverified address.
    const first = await sendNewsletter("Tour news", { targetShows: true, targetReleases: true, targetMerch: false });
    expect(first.recipients).toBe(2);
    const tour = sink.mails.filter((m) => m.subject === "Tour news");
    expect(tour.map((m) => m.to[0]).sort()).toEqual(["fan.one@example.com", "fan.two@example.com"]);

    const mail = tour.find((m) => m.to[0] === "fan.one@example.com")!;
    expect(mail.decoded).toContain("<b>record</b>");
    expect(mail.decoded).not.toContain("<script>");
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.decoded).toContain("New record out!");
    expect(mail.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = mail.header("list-unsubscribe")!.replace(/^<|>$/g, "");
    const pageLink = mail.links().find((l) => l.startsWith("https://band.example/unsubscribe?"));
    expect(pageLink).toBeDefined();

    // RFC 8058 one-click: a form POST, no cookie, no CSRF token, and no redirect.
    const u = new URL(oneClick);
    const unsub = await t.request({
      method: "POST",
      url: `${u.pathname}${u.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(unsub.statusCode).toBe(200);
    expect(unsub.json().success).toBe(true);

    const progress = (await t.request({ method: "GET", url: `/api/newsletters/${first.newsletterId}`, headers: await t.adminHeaders() })).json().data;
    expect(progress).toMatchObject({ status: "done", sent: 2, failed: 0, pending: 0, unknown: 0 });

    const second = await sendNewsletter("Second news", { targetShows: true, targetReleases: true, targetMerch: true });
    expect(second.recipients).toBe(2);
    const again = sink.mails.filter((m) => m.subject === "Second news").map((m) => m.to[0]).sort();
    expect(again).toEqual(["fan.two@example.com", "merch.only@example.com"]);
  });

  it("verification is idempotent, and a wrong token or unknown address is refused with a clear message", async () => {
    await subscribe("twice@example.com", { shows: true, releases: false, merch: false });
    const [mail] = mailTo("twice@example.com")(await sink.waitFor((m) => mailTo("twice@example.com")(m).length > 0));
    const link = new URL(mail.links().find((l) => l.includes("/verify-email?"))!);
    for (let i = 0; i < 2; i++) {
      const res = await t.request({ method: "GET", url: `/api/verify-email${link.search}` });
      expect(res.statusCode).toBe(200);
    }
    const bad = await t.request({ method: "GET", url: `/api/verify-email?email=twice@example.com&token=nope` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/invalid/i);
    const missing = await t.request({ method: "GET", url: `/api/verify-email?email=twice@example.com` });
    expect(missing.statusCode).toBe(400);
  });

  it("subscribing an existing address answers the same, creates no duplicate and sends no new mail to a verified fan", async () => {
    // the welcome mails of the fans verified above may still be on their way
    await t.app.mailer.settled();
    const before = sink.mails.length;
    await subscribe("fan.two@example.com", { shows: true, releases: true, merch: true });
    const list = (await t.request({ method: "GET", url: "/api/subscribers", headers: await t.adminHeaders() })).json().data;
    expect(list.filter((s: { email: string }) => s.email === "fan.two@example.com")).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.mails.length).toBe(before);
  });

  it("an unsubscribe sticks (and a plain GET of the header URL only opens the confirmation page): the old verification link in the inbox cannot put the fan back on the list", async () => {
    const email = "changed.mind@example.com";
    await subscribe(email, { shows: true, releases: false, merch: false });
    const mail = await verifyFromMail(email);
    const oneClick = new URL(mail.header("list-unsubscribe")!.replace(/^<|>$/g, ""));
    // A mail client without one-click opens the header's URL in a browser: the confirmation page, no change yet.
    const opened = await t.request({ method: "GET", url: `${oneClick.pathname}${oneClick.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe${oneClick.search}`);
    const stillThere = (await t.request({ method: "GET", url: "/api/subscribers", headers: await t.adminHeaders() })).json().data;
    expect(stillThere.find((s: { email: string }) => s.email === email)).toMatchObject({ isSubscribed: true, isVerified: true });
    const unsub = await t.request({ method: "POST", url: `${oneClick.pathname}${oneClick.search}`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "List-Unsubscribe=One-Click" });
    expect(unsub.statusCode).toBe(200);

    const verifyLink = new URL(mail.links().find((l) => l.includes("/verify-email?"))!);
    const reopened = await t.request({ method: "GET", url: `/api/verify-email${verifyLink.search}` });
    expect(reopened.statusCode).toBe(400);
    const list = (await t.request({ method: "GET", url: "/api/subscribers", headers: await t.adminHeaders() })).json().data;
    expect(list.find((s: { email: string }) => s.email === email)).toMatchObject({ isSubscribed: false });
  });

  it("the honeypot answers as usual but stores nothing", async () => {
    const res = await t.request({ method: "POST", url: "/api/subscribe", payload: { email: "bot@example.com", website: "http://spam" } });
    expect(res.json().success).toBe(true);
    const list = (await t.request({ method: "GET", url: "/api/subscribers", headers: await t.adminHeaders() })).json().data;
    expect(list.some((s: { email: string }) => s.email === "bot@example.com")).toBe(false);
  });
});
