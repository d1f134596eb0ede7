import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterDeliveries, newsletters, subscribers } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { queueNewsletter } from "./queue";

/**
 * Issue 20: the mail relay refusing connections in the middle of a newsletter (restarting, or a
 * network cut). A refused connection says nothing about the recipient, so it must not use up the
 * mail's attempts: nothing is given up, nothing is sent twice, and the newsletter finishes once
 * the relay is back. The worker's retry schedule is shortened here (3 attempts, 40 ms apart at
 * first) so that an outage of OUTAGE_MS outlasts every attempt a recipient has; the product's
 * defaults (5 attempts from 5 s, x4) would ride out a 30 s outage even without the fix.
 */

const FANS = 150;
const OUTAGE_MS = 2_500;

describe("the SMTP relay refusing connections mid-newsletter", () => {
  let t: TestApp;
  let sink: SmtpSink;
  const counts = new Map<string, number>();

  beforeAll(async () => {
    sink = await startSmtpSink({ store: false, onMail: (to) => to.forEach((a) => counts.set(a, (counts.get(a) ?? 0) + 1)) });
    t = await createTestApp({ SMTP_URL: sink.url, MAIL_CONCURRENCY: 2, MAIL_RATE_PER_SECOND: 200 });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it("gives up on no one, sends no one twice, and finishes once the relay is back", async () => {
    const emails = Array.from({ length: FANS }, (_, i) => `relay${i}@x.example`);
    await t.app.db.insert(subscribers).values(emails.map((email) => ({ email, showsInterest: true, isVerified: true })));
    const queued = await queueNewsletter(t.app.db, { subject: "Relay outage", contentHtml: "<p>Hi</p>", contentText: "Hi", targetShows: true, targetReleases: false, targetMerch: false });
    const id = queued!.id;
    const worker = await t.app.newsletterWorker.start({ pollMs: 20, retryBaseMs: 40, maxAttempts: 3 });
    try {
      await expect.poll(() => counts.size, { timeout: 10_000, interval: 5 }).toBeGreaterThan(20);
      await sink.refuseConnections();
      const atOutage = counts.size;
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      expect(counts.size - atOutage).toBe(0);
      await sink.acceptConnections();
      await expect.poll(async () => (await t.app.db.select().from(newsletters).where(eq(newsletters.id, id)))[0].status, { timeout: 20_000, interval: 50 }).toBe("done");
    } finally {
      await worker.stop();
    }
    const rows = await t.app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.newsletterId, id));
    const byStatus = Object.fromEntries(["sent", "failed", "unknown", "pending"].map((s) => [s, rows.filter((r) => r.status === s).length]));
    // a connection dropped while a message was being handed over is 'unknown' (never resent)
    expect(byStatus.failed).toBe(0);
    expect(byStatus.unknown).toBeLessThanOrEqual(2);
    expect(byStatus.sent + byStatus.unknown).toBe(FANS);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    const unknown = new Set(rows.filter((r) => r.status === "unknown").map((r) => r.email));
    expect(emails.filter((e) => !counts.has(e) && !unknown.has(e))).toEqual([]);
  }, 40_000);
});
