import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterDeliveries, subscribers } from "../../db/schema";
import { bounceReason } from "../../mail/send-errors";
import type { NewsletterWorker } from "../newsletter/worker";
import { createTestApp, type TestApp } from "../../test/app";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";

/**
 * Bounces through a real SMTP server: a 550 to RCPT TO marks the fan bounced and later
 * newsletters skip them until an admin reactivates them; a 450 is retried, never a bounce.
 */
describe("bounces (real SMTP)", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let worker: NewsletterWorker;
  let headers: Record<string, string>;
  const fans = ["one@example.com", "gone@example.com", "three@example.com"];

  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: { "gone@example.com": 550 } });
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: "https://band.example" });
    headers = await t.adminHeaders();
    worker = await t.app.newsletterWorker.start({ pollMs: 50, retryBaseMs: 200 });
    await t.app.db.insert(subscribers).values(fans.map((email) => ({ email, showsInterest: true, isVerified: true })));
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    await sink.close();
  });

  async function send(subject: string) {
    const res = await t.request({ method: "POST", url: "/api/newsletter/send", headers, payload: { subject, content: "<p>News</p>", targetShows: true } });
    expect(res.statusCode, res.body).toBe(202);
    await worker.idle();
    return res.json().data as { newsletterId: number; recipients: number };
  }
  const received = (subject: string) => sink.mails.filter((m) => m.subject === subject).flatMap((m) => m.to).sort();
  const fan = async (email: string) => (await t.app.db.select().from(subscribers).where(eq(subscribers.email, email)))[0];

  it("a 550 to RCPT TO marks that fan bounced with the server's reply; the others get theirs", async () => {
    const first = await send("First");
    expect(first.recipients).toBe(3);
    expect(received("First")).toEqual(["one@example.com", "three@example.com"]);

    const gone = await fan("gone@example.com");
    expect(gone.bouncedAt).toBeInstanceOf(Date);
    expect(gone.bounceReason).toMatch(/^550 5\.1\.1 <gone@example\.com>: Recipient address rejected/);
    expect((await fan("one@example.com")).bouncedAt).toBeNull();
    const [delivery] = await t.app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.subscriberId, gone.id));
    expect(delivery.status).toBe("failed");

    const table = await t.request({ method: "GET", url: "/api/subscribers?status=bounced", headers });
    expect(table.json().data).toMatchObject([{ email: "gone@example.com", bounceReason: gone.bounceReason }]);
  });

  it("the next newsletter skips the bounced address; after reactivation it is included again", async () => {
    const second = await send("Second");
    expect(second.recipients).toBe(2);
    expect(received("Second")).toEqual(["one@example.com", "three@example.com"]);

    const gone = await fan("gone@example.com");
    const res = await t.request({ method: "POST", url: `/api/subscribers/${gone.id}/reactivate`, headers });
    expect(res.json()).toMatchObject({ success: true, message: "Subscriber reactivated" });
    sink.acceptRecipient("gone@example.com");
    const third = await send("Third");
    expect(third.recipients).toBe(3);
    expect(received("Third")).toEqual(fans.slice().sort());
    expect((await fan("gone@example.com")).bouncedAt).toBeNull();
  });

  it("a 450 is retried, not a bounce", async () => {
    sink.refuseRecipient("three@example.com", 450);
    await send("Fourth");
    const three = await fan("three@example.com");
    const [waiting] = await t.app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.subscriberId, three.id)).orderBy(newsletterDeliveries.id).then((rows) => rows.slice(-1));
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.lastError).toMatch(/450/);
    expect(three.bouncedAt).toBeNull();

    sink.acceptRecipient("three@example.com");
    await sink.waitFor(() => received("Fourth").includes("three@example.com"));
    await worker.idle();
    const [done] = await t.app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.id, waiting.id));
    expect(done).toMatchObject({ status: "sent", attempts: 2 });
    expect((await fan("three@example.com")).bouncedAt).toBeNull();
  });

  it("only a 5xx to RCPT TO or DATA is a bounce; the reason is one clean line", () => {
    expect(bounceReason({ responseCode: 550, command: "RCPT TO", response: "550-5.1.1 first\r\n550 5.1.1 second\u0000" })).toBe("550-5.1.1 first 550 5.1.1 second");
    expect(bounceReason({ responseCode: 554, command: "DATA", response: "554 5.7.1 rejected" })).toBe("554 5.7.1 rejected");
    expect(bounceReason({ responseCode: 452, command: "RCPT TO", response: "452 full" })).toBeNull();
    expect(bounceReason({ responseCode: 550, command: "MAIL FROM", response: "550 sender refused" })).toBeNull();
    expect(bounceReason({ code: "ECONNREFUSED" })).toBeNull();
    expect(bounceReason(new Error("x"))).toBeNull();
  });
});
