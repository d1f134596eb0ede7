import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newsletterDeliveries, newsletters, subscribers } from "../../db/schema";
import type { NewsletterWorker } from "./worker";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/app";

async function addVerified(t: TestApp, emails: string[], interests = { showsInterest: true, releasesInterest: false, merchInterest: false }) {
  await t.app.db.insert(subscribers).values(emails.map((email) => ({ email, ...interests, isVerified: true, verifiedAt: new Date() })));
}

describe("newsletter sending", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let headers: Record<string, string>;
  let worker: NewsletterWorker | undefined;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url });
    headers = await t.adminHeaders();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const send = (payload: object) => t.request({ method: "POST", url: "/api/newsletter/send", headers, payload });

  it("validates subject, then content, with the spec's words, and refuses zero recipients", async () => {
    const noSubject = await send({ subject: " ", content: "", targetShows: true });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().errors.subject).toBe("Please enter a subject for your newsletter.");
    const noContent = await send({ subject: "Hi", content: "" });
    expect(noContent.json().errors.content).toBe("Please enter content for your newsletter.");
    const nobody = await send({ subject: "Hi", content: "Hello", targetShows: true, targetReleases: true, targetMerch: true });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe("There are no subscribers matching the selected interests.");
  });

  it("sends a preview to one address at once, without an unsubscribe header, and queues nothing", async () => {
    const res = await send({ subject: "Preview me", content: "Line one\n\nLine <two>", previewEmail: "band@example.com" });
    expect(res.statusCode).toBe(200);
    const [mail] = await sink.waitFor((m) => m.some((x) => x.subject === "[Preview] Preview me"));
    const preview = sink.mails.find((x) => x.subject === "[Preview] Preview me")!;
    expect(preview.to).toEqual(["band@example.com"]);
    expect(preview.header("list-unsubscribe")).toBeUndefined();
    expect(preview.decoded).toContain("<p>Line one</p>");
    expect(preview.decoded).toContain("Line &lt;two&gt;");
    expect(mail).toBeDefined();
    expect(await t.app.db.select().from(newsletters)).toHaveLength(0);
  });

  it("counts recipients live: verified, subscribed, matching one chosen interest", async () => {
    await addVerified(t, ["s1@x.com", "s2@x.com"]);
    await addVerified(t, ["m1@x.com"], { showsInterest: false, releasesInterest: false, merchInterest: true });
    await t.app.db.insert(subscribers).values({ email: "pending@x.com", showsInterest: true });
    await t.app.db.insert(subscribers).values({ email: "gone@x.com", showsInterest: true, isVerified: true, isSubscribed: false });
    const count = async (q: string) => (await t.request({ method: "GET", url: `/api/newsletter/recipients?${q}`, headers })).json().data.count;
    expect(await count("targetShows=true")).toBe(2);
    expect(await count("targetShows=true&targetMerch=true")).toBe(3);
    expect(await count("")).toBe(0);
    // the one who has not confirmed yet is counted apart: the composer says they get nothing (issue 21)
    const answer = (await t.request({ method: "GET", url: "/api/newsletter/recipients?targetShows=true", headers })).json();
    expect(answer).toEqual({ success: true, data: { count: 2, waiting: 1 } });
    const stats = (await t.request({ method: "GET", url: "/api/subscribers/stats", headers })).json().data;
    expect(stats).toMatchObject({ total: 5, verified: 3, shows: 4, releases: 0, merch: 1 });
  });

  it("retries a temporary SMTP failure with backoff and records each outcome", async () => {
    sink.failNext(2);
    const before = sink.mails.length;
    const res = await send({ subject: "Retry test", content: "Hello", targetMerch: true });
    expect(res.statusCode).toBe(202);
    const { newsletterId, recipients } = res.json().data;
    expect(recipients).toBe(1);
    worker = await t.app.newsletterWorker.start({ pollMs: 20, retryBaseMs: 30 });
    await sink.waitFor((m) => m.length > before);
    await worker.idle();
    const [row] = await t.app.db.select().from(newsletterDeliveries).where((await import("drizzle-orm")).eq(newsletterDeliveries.newsletterId, newsletterId));
    expect(row).toMatchObject({ status: "sent", attempts: 3, email: "m1@x.com" });
    expect(sink.mails.filter((m) => m.subject === "Retry test")).toHaveLength(1);
    const progress = (await t.request({ method: "GET", url: `/api/newsletters/${newsletterId}`, headers })).json().data;
    expect(progress).toMatchObject({ status: "done", sent: 1, failed: 0, pending: 0, unknown: 0, totalRecipients: 1 });
  });

  it("after a crash, rows left 'sending' become 'unknown' and are reported, never resent; the rest are delivered", async () => {
    const res = await send({ subject: "Crash test", content: "Hello", targetShows: true });
    const { newsletterId } = res.json().data;
    const { eq } = await import("drizzle-orm");
    const rows = await t.app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.newsletterId, newsletterId));
    expect(rows).toHaveLength(2);
    // What a SIGKILL mid-SMTP leaves behind: a row marked 'sending'.
    await t.app.db.update(newsletterDeliveries).set({ status: "sending", attempts: 1 }).where(eq(newsletterDeliveries.id, rows[0].id));
    worker = await t.app.newsletterWorker.start({ pollMs: 20 });
    await worker.idle();
    const got = sink.mails.filter((m) => m.subject === "Crash test").map((m) => m.to[0]);
    expect(got).toEqual([rows[1].email]);
    const progress = (await t.request({ method: "GET", url: `/api/newsletters/${newsletterId}`, headers })).json().data;
    expect(progress).toMatchObject({ status: "done", sent: 1, unknown: 1, pending: 0 });
    expect(progress.unknownRecipients.map((r: { email: string }) => r.email)).toEqual([rows[0].email]);
    const list = (await t.request({ method: "GET", url: "/api/newsletters", headers })).json().data;
    expect(list[0]).toMatchObject({ id: newsletterId, subject: "Crash test" });
  });

  it("sanitizes HTML on the server and adds a plain-text part", async () => {
    const res = await send({ subject: "Clean", content: '<p onclick="x()">Hi <a href="javascript:alert(1)">bad</a> <a href="https://band.example/tour">tour</a></p><img src=x onerror=alert(1)><iframe src="https://evil"></iframe>', targetMerch: true });
    expect(res.statusCode).toBe(202);
    worker = await t.app.newsletterWorker.start({ pollMs: 20 });
    await worker.idle();
    const mail = sink.mails.find((m) => m.subject === "Clean")!;
    expect(mail.decoded).not.toMatch(/onclick|javascript:|onerror|iframe/i);
    // the web link is kept, and (newsletter link counting being on by default) leads through /go/newsletter
    const { newsletterId } = res.json().data;
    const [stored] = await t.app.db.select().from(newsletters).where((await import("drizzle-orm")).eq(newsletters.id, newsletterId));
    expect(stored.contentHtml).toContain('href="https://band.example/tour"');
    const go = `${t.app.config.PUBLIC_URL}/go/newsletter/${newsletterId}/0`;
    expect(mail.decoded).toContain(`href="${go}"`);
    expect(mail.decoded).toContain(`tour (${go})`);
  });
});

describe("mail without SMTP_URL", () => {
  it("writes .eml files into DATA_DIR/mail", async () => {
    const t = await createTestApp();
    try {
      await t.request({ method: "POST", url: "/api/subscribe", payload: { email: "local@example.com", interests: { shows: true } } });
      const dir = path.join(t.dataDir, "mail");
      const deadline = Date.now() + 5000;
      while (!(fs.existsSync(dir) && fs.readdirSync(dir).length > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const [file] = fs.readdirSync(dir);
      expect(file).toMatch(/\.eml$/);
      const eml = fs.readFileSync(path.join(dir, file), "utf8");
      expect(eml).toMatch(/To: local@example\.com/);
      expect(eml).toMatch(/verify-email\?email=/);
    } finally {
      await t.close();
    }
  });
});
