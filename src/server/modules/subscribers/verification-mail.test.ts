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
