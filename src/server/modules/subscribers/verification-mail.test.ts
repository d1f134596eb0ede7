import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribers } from "../../db/schema";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/app";
import { RESEND_AFTER_MS } from "./repository";

/**
 * The verification mail goes to an address nobody has confirmed, so the subscribe form must
 * not be a way to send chosen words to anyone: no visitor text in it, and at most one mail
 * per address per 10 minutes, while the answer stays the same every time.
 */
describe("verification mail to an unconfirmed address", () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const subscribe = (name: string) =>
    t.request({ method: "POST", url: "/api/subscribe", payload: { name, email: "target@example.com", interests: { shows: true } } });
  const mailsToTarget = () => sink.mails.filter((m) => m.to.includes("target@example.com"));
  const settle = () => new Promise((r) => setTimeout(r, 300));

  it("carries no text the visitor wrote, not even the name", async () => {
    const res = await subscribe("Claim your prize at evil.example");
    expect(res.json()).toEqual({ success: true, message: "Please check your email to verify your subscription." });
    const [mail] = await sink.waitFor(() => mailsToTarget().length > 0);
    expect(mail.decoded).not.toContain("prize");
    expect(mail.decoded).not.toContain("evil.example");
    expect(mail.decoded).toContain("Hi,");
  });

  it("sends at most one mail per address per 10 minutes, answering the same way", async () => {
    for (let i = 0; i < 3; i++) {
      const again = await subscribe("Fan");
      expect(again.json()).toEqual({ success: true, message: "Please check your email to verify your subscription." });
    }
    await settle();
    expect(mailsToTarget()).toHaveLength(1);

    // ten minutes later a new request may send a fresh link
    const past = new Date(Date.now() - RESEND_AFTER_MS - 1000);
    await t.app.db.update(subscribers).set({ verificationSentAt: past }).where(eq(subscribers.email, "target@example.com"));
    await subscribe("Fan");
    await sink.waitFor(() => mailsToTarget().length === 2);
    expect(mailsToTarget()).toHaveLength(2);
  });
});

/**
 * Issue 20: subscribing a known address answered ~1 ms slower (an insert, then a select and an
 * update). Both paths now run the same database work before answering: one statement.
 */
describe("subscribe does the same work for a new and a known address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: 100 });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** the statements on the subscribers table a subscribe request runs (the mail itself goes in the background) */
  async function statementsOf(email: string) {
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const seen: string[] = [];
    const original = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string })?.text;
      if (text && /"subscribers"/.test(text)) seen.push(text);
      return original.apply(this, args);
    };
    try {
      const res = await t.request({ method: "POST", url: "/api/subscribe", payload: { name: "Fan", email, interests: { shows: true } } });
      expect(res.json()).toEqual({ success: true, message: "Please check your email to verify your subscription." });
    } finally {
      client.query = original;
    }
    await t.app.mailer.settled();
    return seen;
  }

  it("one and the same statement for a new address, a pending one, a verified one and one unsubscribed", async () => {
    const fresh = await statementsOf("new.fan@example.com");
    expect(fresh).toHaveLength(1);
    // pending (mailed just now), then verified, then unsubscribed long ago
    expect(await statementsOf("new.fan@example.com")).toEqual(fresh);
    await t.app.db.update(subscribers).set({ isVerified: true, verifiedAt: new Date() }).where(eq(subscribers.email, "new.fan@example.com"));
    expect(await statementsOf("new.fan@example.com")).toEqual(fresh);
    await t.app.db
      .update(subscribers)
      .set({ isSubscribed: false, unsubscribedAt: new Date(), verificationSentAt: new Date(Date.now() - RESEND_AFTER_MS - 1000) })
      .where(eq(subscribers.email, "new.fan@example.com"));
    expect(await statementsOf("new.fan@example.com")).toEqual(fresh);
    // the unsubscribed fan subscribed again: pending, with a new consent
    const [row] = await t.app.db.select().from(subscribers).where(eq(subscribers.email, "new.fan@example.com"));
    expect(row).toMatchObject({ isSubscribed: true, isVerified: false, consentSource: "form" });
  });
});
