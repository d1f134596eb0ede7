import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newsletterDeliveries, newsletters, subscribers } from "../../db/schema";
import { hashToken, newToken } from "../../lib/tokens";
import { createTestApp, type TestApp } from "../../test/app";
import { LOST_IN_FLIGHT, markLostDeliveries, queueNewsletter, recordAndClaim, renewLeases } from "./queue";
import type { NewsletterWorker } from "./worker";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";

/**
 * Several instances on one database, played by several workers with their own instance ids on
 * one app (the same queries whether PGlite or PostgreSQL answers them).
 */

const mintToken = () => {
  const token = newToken();
  return { token, hash: hashToken(token) };
};

async function queue(t: TestApp, subject: string, emails: string[]) {
  await t.app.db.delete(subscribers);
  for (let i = 0; i < emails.length; i += 500) {
    await t.app.db.insert(subscribers).values(emails.slice(i, i + 500).map((email) => ({ email, showsInterest: true, isVerified: true })));
  }
  const queued = await queueNewsletter(t.app.db, { subject, contentHtml: "<p>Hi</p>", contentText: "Hi", targetShows: true, targetReleases: false, targetMerch: false });
  return queued!.id;
}

const rowsOf = (t: TestApp, newsletterId: number) => t.app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.newsletterId, newsletterId)).orderBy(newsletterDeliveries.id);

describe("newsletter delivery across instances", () => {
  let t: TestApp;
  let sink: SmtpSink;
  const counts = new Map<string, number>();
  const workers: NewsletterWorker[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink({ store: false, onMail: (to) => to.forEach((a) => counts.set(a, (counts.get(a) ?? 0) + 1)) });
    t = await createTestApp({ SMTP_URL: sink.url, MAIL_CONCURRENCY: 4, MAIL_RATE_PER_SECOND: 100_000 });
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
    counts.clear();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it("two instances share one queue: every recipient exactly once, both deliver, at most their slots 'sending' at a time", async () => {
    const emails = Array.from({ length: 300 }, (_, i) => `two${i}@x.example`);
    const id = await queue(t, "Two instances", emails);
    let most = 0;
    const watch = setInterval(() => {
      void t.app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(newsletterDeliveries)
        .where(eq(newsletterDeliveries.status, "sending"))
        .then(([r]) => (most = Math.max(most, r.n)));
    }, 5);
    try {
      workers.push(await t.app.newsletterWorker.start({ instanceId: "one", pollMs: 20 }), await t.app.newsletterWorker.start({ instanceId: "two", pollMs: 20 }));
      await expect.poll(async () => (await t.app.db.select().from(newsletters).where(eq(newsletters.id, id)))[0].status, { timeout: 20_000, interval: 50 }).toBe("done");
    } finally {
      clearInterval(watch);
    }
    expect(emails.filter((e) => counts.get(e) !== 1)).toEqual([]);
    const rows = await rowsOf(t, id);
    expect(rows.every((r) => r.status === "sent" && r.leaseExpiresAt === null)).toBe(true);
    expect(new Set(rows.map((r) => r.claimedBy))).toEqual(new Set(["one", "two"]));
    expect(most).toBeLessThanOrEqual(2 * 4);
  });

  it("a claim takes each pending row once, marks it with the instance and a lease, and records only the instance's own rows", async () => {
    const id = await queue(t, "Claims", ["a@x.example", "b@x.example", "c@x.example"]);
    const a = await recordAndClaim(t.app.db, { instanceId: "A", outcomes: [], want: 2, leaseSeconds: 30, mintToken });
    const b = await recordAndClaim(t.app.db, { instanceId: "B", outcomes: [], want: 2, leaseSeconds: 30, mintToken });
    expect(a).toHaveLength(2);
    expect(b).toHaveLength(1);
    expect(new Set([...a, ...b].map((r) => r.email)).size).toBe(3);
    const rows = await rowsOf(t, id);
    for (const row of rows) {
      const mine = [...a, ...b].find((r) => r.id === row.id)!;
      expect(row).toMatchObject({ status: "sending", attempts: 1, unsubscribeTokenHash: hashToken(mine.token) });
      expect(row.claimedBy).toBe(a.includes(mine) ? "A" : "B");
      expect(row.leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    }
    // B cannot record A's row; A records its own and (no more pending) claims nothing
    await recordAndClaim(t.app.db, { instanceId: "B", outcomes: [{ id: a[0].id, status: "failed", error: "no" }], want: 0, leaseSeconds: 30, mintToken });
    expect((await rowsOf(t, id)).find((r) => r.id === a[0].id)!.status).toBe("sending");
    const more = await recordAndClaim(t.app.db, { instanceId: "A", outcomes: a.map((r) => ({ id: r.id, status: "sent" as const, error: null })), want: 5, leaseSeconds: 30, mintToken });
    expect(more).toEqual([]);
    const after = await rowsOf(t, id);
    expect(after.filter((r) => r.status === "sent").map((r) => r.id).sort()).toEqual(a.map((r) => r.id).sort());
    // a retry goes back to the queue, due later
    await recordAndClaim(t.app.db, { instanceId: "B", outcomes: [{ id: b[0].id, status: "pending", retryInMs: 60_000, error: "451 later" }], want: 0, leaseSeconds: 30, mintToken });
    const retried = (await rowsOf(t, id)).find((r) => r.id === b[0].id)!;
    expect(retried).toMatchObject({ status: "pending", lastError: "451 later", leaseExpiresAt: null });
    expect(retried.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await recordAndClaim(t.app.db, { instanceId: "A", outcomes: [], want: 5, leaseSeconds: 30, mintToken })).toEqual([]);
  });

  it("a live instance reports a dead one's expired in-flight rows as unknown (never resends them), delivers its pending rows, and leaves a live neighbour's rows alone", { timeout: 45_000 }, async () => {
    const emails = ["dead1@x.example", "dead2@x.example", ...Array.from({ length: 20 }, (_, i) => `rest${i}@x.example`)];
    const id = await queue(t, "Takeover", emails);
    const [dead1, dead2] = await recordAndClaim(t.app.db, { instanceId: "dead", outcomes: [], want: 2, leaseSeconds: 30, mintToken });
    await t.app.db.update(newsletterDeliveries).set({ leaseExpiresAt: sql`now() - interval '1 second'` }).where(eq(newsletterDeliveries.claimedBy, "dead"));

    // what a starting instance does on PostgreSQL: only expired leases
    expect(await markLostDeliveries(t.app.db, { all: false })).toEqual([{ claimedBy: "dead", count: 2 }]);

    workers.push(await t.app.newsletterWorker.start({ instanceId: "live", pollMs: 20, leaseSeconds: 3 }));
    // a neighbour, alive and renewing, is in the middle of sending one
    const [alive] = await t.app.db
      .insert(newsletterDeliveries)
      .values({ newsletterId: id, email: "alive@x.example", status: "sending", attempts: 1, claimedBy: "neighbour", leaseExpiresAt: sql`now() + interval '60 seconds'` })
      .returning();
    // the dead instance took whichever two rows the claim's order gave it (not necessarily the first two)
    const claimedByDead = [dead1.email, dead2.email];
    await expect.poll(() => emails.filter((e) => !claimedByDead.includes(e) && counts.get(e) === 1).length, { timeout: 20_000, interval: 50 }).toBe(20);
    await workers[0].idle();
    await new Promise((r) => setTimeout(r, 500)); // a few lease ticks
    const byId = new Map((await rowsOf(t, id)).map((r) => [r.id, r]));
    expect(byId.get(dead1.id)).toMatchObject({ status: "unknown", lastError: LOST_IN_FLIGHT });
    expect(byId.get(dead2.id)).toMatchObject({ status: "unknown" });
    expect(byId.get(alive.id)).toMatchObject({ status: "sending", claimedBy: "neighbour" });
    expect(counts.get(dead1.email)).toBeUndefined();
    expect(counts.get(alive.email)).toBeUndefined();

    // the neighbour dies too: once its lease runs out, the live instance's lease tick reports it
    await t.app.db.update(newsletterDeliveries).set({ leaseExpiresAt: sql`now() - interval '1 second'` }).where(eq(newsletterDeliveries.id, alive.id));
    await expect.poll(async () => (await rowsOf(t, id)).find((r) => r.id === alive.id)!.status, { timeout: 5000, interval: 50 }).toBe("unknown");
    await workers[0].idle();
    const progress = (await t.request({ method: "GET", url: `/api/newsletters/${id}`, headers: await t.adminHeaders() })).json().data;
    expect(progress).toMatchObject({ status: "done", sent: 20, unknown: 3, pending: 0 });
    expect(emails.filter((e) => (counts.get(e) ?? 0) > 1)).toEqual([]);
  });

  it("PGlite is one process: at start every row still 'sending' is this process's own previous life", async () => {
    const id = await queue(t, "Restart", ["x1@x.example", "x2@x.example"]);
    await recordAndClaim(t.app.db, { instanceId: "before-restart", outcomes: [], want: 1, leaseSeconds: 300, mintToken });
    workers.push(await t.app.newsletterWorker.start({ instanceId: "after-restart", pollMs: 20 }));
    await workers[0].idle();
    const statuses = (await rowsOf(t, id)).map((r) => r.status).sort();
    // PostgreSQL: a live lease may be a neighbour's, so it waits for the lease to run out
    expect(statuses).toEqual(t.app.database.kind === "pglite" ? ["sent", "unknown"] : ["sending", "sent"]);
  });

  it("renewLeases pushes only the named rows of the instance forward", async () => {
    const id = await queue(t, "Renew", ["r1@x.example", "r2@x.example"]);
    const [r1] = await recordAndClaim(t.app.db, { instanceId: "A", outcomes: [], want: 1, leaseSeconds: 1, mintToken });
    const [r2] = await recordAndClaim(t.app.db, { instanceId: "B", outcomes: [], want: 1, leaseSeconds: 1, mintToken });
    await renewLeases(t.app.db, "A", [r1.id, r2.id], 120);
    const rows = new Map((await rowsOf(t, id)).map((r) => [r.id, r]));
    expect(rows.get(r1.id)!.leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 100_000);
    expect(rows.get(r2.id)!.leaseExpiresAt!.getTime()).toBeLessThan(Date.now() + 5_000);
  });
});

describe("a slow SMTP exchange", () => {
  it("keeps its lease while it lasts longer than the lease: a neighbour does not report it, and it is delivered once", async () => {
    let received = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => setTimeout(() => (received++, callback()), 5000));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.server.address() as AddressInfo).port;
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_CONCURRENCY: 1 });
    const workers: NewsletterWorker[] = [];
    try {
      const id = await queue(t, "Slow", ["slow@x.example"]);
      // whichever claims it, the other one's lease tick must not take it for a dead instance's
      workers.push(await t.app.newsletterWorker.start({ instanceId: "slow", pollMs: 20, leaseSeconds: 1.5 }));
      workers.push(await t.app.newsletterWorker.start({ instanceId: "watcher", pollMs: 20, leaseSeconds: 1.5 }));
      // the exchange (5 s) outlasts the lease (1.5 s) three times over; a lease a loaded machine can renew in time
      await expect.poll(async () => (await rowsOf(t, id))[0].status, { timeout: 15_000, interval: 50 }).toBe("sent");
      const [row] = await rowsOf(t, id);
      expect(row).toMatchObject({ attempts: 1, lastError: null });
      expect(["slow", "watcher"]).toContain(row.claimedBy);
      expect(received).toBe(1);
    } finally {
      for (const w of workers) await w.stop();
      await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
