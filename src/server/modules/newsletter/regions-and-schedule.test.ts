import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { openPostgres } from "../../db/client";
import { newsletterDeliveries, newsletters, subscribers } from "../../db/schema";
import { startDueNewsletters } from "./repository";
import type { NewsletterWorker } from "./worker";
import { createTestApp, type TestApp } from "../../test/app";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";

/** Issue 12: newsletters restricted to regions, and newsletters scheduled for later. */

type Fan = { email: string; region?: string | null };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

async function addFans(db: FastifyInstance["db"], fans: Fan[]) {
  await db.insert(subscribers).values(fans.map((f) => ({ email: f.email, region: f.region ?? null, showsInterest: true, isVerified: true, verifiedAt: new Date() })));
}

const deliveriesOf = (db: FastifyInstance["db"], id: number) => db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.newsletterId, id));
const statusOf = async (db: FastifyInstance["db"], id: number) => (await db.select({ s: newsletters.status }).from(newsletters).where(eq(newsletters.id, id)))[0]?.s;

async function until(what: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(50);
  }
}

describe("newsletters by region, and scheduled", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let headers: Record<string, string>;
  let worker: NewsletterWorker | undefined;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url });
    headers = await t.adminHeaders();
    await addFans(t.app.db, [
      { email: "nc1@x.com", region: "US-NC" },
      { email: "nc2@x.com", region: "US-NC" },
      { email: "sc1@x.com", region: "US-SC" },
      { email: "de1@x.com", region: "DE" },
      { email: "nowhere@x.com" },
    ]);
  });
  afterEach(async () => {
    await t.app.newsletterWorker.stopAll();
    worker = undefined;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const send = (payload: object) => t.request({ method: "POST", url: "/api/newsletter/send", headers, payload });
  const count = async (q: string) => (await t.request({ method: "GET", url: `/api/newsletter/recipients?targetShows=true${q}`, headers })).json();
  const got = (subject: string) => sink.mails.filter((m) => m.subject === subject).flatMap((m) => m.to).sort();

  it("the recipient count follows the chosen regions (none: everyone); an unknown region is a 400 naming it", async () => {
    expect((await count("")).data.count).toBe(5);
    expect((await count("&regions=")).data.count).toBe(5);
    expect((await count("&regions=US-NC")).data.count).toBe(2);
    expect((await count("&regions=US-NC,US-SC")).data.count).toBe(3);
    expect((await count("&regions=US-NC%2CDE,US-NC")).data.count).toBe(3);
    const bad = await t.request({ method: "GET", url: "/api/newsletter/recipients?targetShows=true&regions=US-NC,US-XX", headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Unknown region 'US-XX'");

    const badSend = await send({ subject: "Hi", content: "Hello", targetShows: true, regions: ["US-NC", "Narnia"] });
    expect(badSend.statusCode).toBe(400);
    expect(badSend.json().message).toContain("Unknown region 'Narnia'");
    expect(await t.app.db.select().from(newsletters)).toHaveLength(0);
  });

  it("a region-restricted newsletter reaches only the fans in those regions, and records them", async () => {
    const res = await send({ subject: "Carolinas only", content: "Show in Greenville", targetShows: true, regions: ["US-NC", "US-SC"] });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.recipients).toBe(3);
    worker = await t.app.newsletterWorker.start({ pollMs: 20 });
    await worker.idle();
    expect(got("Carolinas only")).toEqual(["nc1@x.com", "nc2@x.com", "sc1@x.com"]);
    const list = (await t.request({ method: "GET", url: "/api/newsletters", headers })).json().data;
    expect(list[0]).toMatchObject({ subject: "Carolinas only", regions: ["US-NC", "US-SC"], scheduledAt: null, status: "done", sent: 3 });
  });

  it("a region with no fans refuses to send now, with the spec's words", async () => {
    const res = await send({ subject: "Nobody", content: "Hello", targetShows: true, regions: ["US-WY"] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("There are no subscribers matching the selected interests.");
  });

  it("refuses a schedule in the past, too far ahead, or without an offset, and stores nothing", async () => {
    const before = (await t.app.db.select().from(newsletters)).length;
    const past = await send({ subject: "Late", content: "Hello", targetShows: true, scheduledAt: inSeconds(-60) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.scheduledAt).toBe("Choose a time in the future.");
    const far = await send({ subject: "Late", content: "Hello", targetShows: true, scheduledAt: inSeconds(400 * 24 * 3600) });
    expect(far.json().errors.scheduledAt).toBe("Choose a time within the next year.");
    const naive = await send({ subject: "Late", content: "Hello", targetShows: true, scheduledAt: "2031-12-05T19:00:00" });
    expect(naive.statusCode).toBe(400);
    expect(naive.json().errors.scheduledAt).toMatch(/offset/);
    expect(await t.app.db.select().from(newsletters)).toHaveLength(before);
  });

  it("schedules with the band's time zone in the answer and lists it with its regions; no delivery rows until it starts", async () => {
    await t.request({ method: "PUT", url: "/api/settings/timezone", headers, payload: { value: "America/Chicago" } });
    try {
      const soon = new Date(Date.now() + 30 * 24 * 3600 * 1000);
      soon.setUTCHours(1, 0, 0, 0);
      const ok = await send({ subject: "Winter show", content: "Hello", targetShows: true, regions: ["DE"], scheduledAt: soon.toISOString() });
      expect(ok.statusCode).toBe(202);
      const chicago = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(soon);
      expect(ok.json().message).toBe(`Newsletter scheduled for ${chicago}`);
      expect(ok.json().message).toMatch(/^Newsletter scheduled for \w{3}, \w{3} \d{1,2}, \d{1,2}:00 [AP]M C[SD]T$/);
      const { newsletterId, scheduledAt } = ok.json().data;
      expect(scheduledAt).toBe(soon.toISOString());
      expect(await deliveriesOf(t.app.db, newsletterId)).toHaveLength(0);
      const [row] = await t.app.db.select().from(newsletters).where(eq(newsletters.id, newsletterId));
      expect(row).toMatchObject({ status: "scheduled", regions: ["DE"], createdBy: "admin", totalRecipients: 0 });
      const listed = (await t.request({ method: "GET", url: "/api/newsletters", headers })).json().data.find((n: { id: number }) => n.id === newsletterId);
      expect(listed).toMatchObject({ status: "scheduled", scheduledAt: soon.toISOString(), regions: ["DE"], totalRecipients: 0 });
      // a waiting newsletter stays listed however many were sent after it was scheduled
      await send({ subject: "Sent after", content: "Hello", targetShows: true });
      const short = (await t.request({ method: "GET", url: "/api/newsletters?limit=1", headers })).json().data;
      expect(short.map((n: { subject: string }) => n.subject)).toEqual(["Sent after", "Winter show"]);
      // a running worker does not mark it done for lack of rows
      worker = await t.app.newsletterWorker.start({ pollMs: 20 });
      await worker.idle();
      expect(await statusOf(t.app.db, newsletterId)).toBe("scheduled");
      const cancel = await t.request({ method: "POST", url: `/api/newsletters/${newsletterId}/cancel`, headers });
      expect(cancel.json()).toEqual({ success: true, message: "Scheduled newsletter cancelled" });
    } finally {
      await t.request({ method: "PUT", url: "/api/settings/timezone", headers, payload: { value: "" } });
    }
  });

  it("cancelled before its time it is never sent; once started, cancel is a 409", async () => {
    worker = await t.app.newsletterWorker.start({ pollMs: 20, scheduleEveryMs: 50 });
    const a = (await send({ subject: "Cancelled one", content: "Hello", targetShows: true, scheduledAt: inSeconds(1.2) })).json().data.newsletterId;
    const b = (await send({ subject: "Started one", content: "Hello", targetShows: true, regions: ["DE"], scheduledAt: inSeconds(1.2) })).json().data.newsletterId;
    const cancelA = await t.request({ method: "POST", url: `/api/newsletters/${a}/cancel`, headers });
    expect(cancelA.statusCode).toBe(200);
    await until(async () => (await statusOf(t.app.db, b)) !== "scheduled");
    const cancelB = await t.request({ method: "POST", url: `/api/newsletters/${b}/cancel`, headers });
    expect(cancelB.statusCode).toBe(409);
    expect(cancelB.json().message).toBe("This newsletter has already started sending and can no longer be cancelled.");
    const again = await t.request({ method: "POST", url: `/api/newsletters/${a}/cancel`, headers });
    expect(again.statusCode).toBe(409);
    expect((await t.request({ method: "POST", url: "/api/newsletters/999999/cancel", headers })).statusCode).toBe(404);
    await sink.waitFor(() => got("Started one").length === 1);
    await sleep(300); // a check or two more: the cancelled one stays cancelled
    await worker.idle();
    expect(got("Started one")).toEqual(["de1@x.com"]);
    expect(got("Cancelled one")).toEqual([]);
    expect(await statusOf(t.app.db, a)).toBe("cancelled");
    expect(await deliveriesOf(t.app.db, a)).toHaveLength(0);
  });
});

describe("a scheduled newsletter across a restart", () => {
  it("is not sent before its time, then once, to the fans who match when it starts", { timeout: 30_000 }, async () => {
    const sink = await startSmtpSink();
    const t = await createTestApp({ SMTP_URL: sink.url });
    let app: FastifyInstance = t.app;
    try {
      const headers = await t.adminHeaders();
      await addFans(app.db, [{ email: "early@x.com", region: "US-NC" }, { email: "leaver@x.com", region: "US-NC" }, { email: "far@x.com", region: "DE" }]);
      await app.newsletterWorker.start({ pollMs: 20, scheduleEveryMs: 100 });
      const at = Date.now() + 5000;
      const res = await app.inject({ method: "POST", url: "/api/newsletter/send", headers, payload: { subject: "Later", content: "Hello", targetShows: true, regions: ["US-NC"], scheduledAt: new Date(at).toISOString() } });
      expect(res.statusCode).toBe(202);
      const { newsletterId } = res.json().data;

      // before its time: a fan joins, another leaves; nothing is sent
      await addFans(app.db, [{ email: "joined@x.com", region: "US-NC" }]);
      await app.db.update(subscribers).set({ isSubscribed: false }).where(eq(subscribers.email, "leaver@x.com"));
      await sleep(1500);
      expect(sink.mails.filter((m) => m.subject === "Later")).toHaveLength(0);

      // restart: close the app (its worker and scheduler stop) and build a new one on the same database
      await app.close();
      app = await buildApp({ config: t.app.config, database: t.database, logger: false });
      await app.ready();
      await app.newsletterWorker.start({ pollMs: 20, scheduleEveryMs: 100 });
      expect(await statusOf(app.db, newsletterId)).toBe("scheduled");

      await sink.waitFor((m) => m.filter((x) => x.subject === "Later").length >= 2, 15_000);
      const firstAt = Date.now();
      expect(firstAt).toBeGreaterThanOrEqual(at);
      await sleep(1000); // more scheduler checks: none starts it again
      const later = sink.mails.filter((m) => m.subject === "Later").flatMap((m) => m.to).sort();
      expect(later).toEqual(["early@x.com", "joined@x.com"]);
      await until(async () => (await statusOf(app.db, newsletterId)) === "done");
      const [row] = await app.db.select().from(newsletters).where(eq(newsletters.id, newsletterId));
      expect(row.totalRecipients).toBe(2);
    } finally {
      await app.close();
      await t.database.close();
      fs.rmSync(t.dataDir, { recursive: true, force: true });
      await sink.close();
    }
  });

  it("when no fan matches at its time, it is done with 0 recipients (nothing thrown)", async () => {
    const t = await createTestApp();
    try {
      const [n] = await t.app.db
        .insert(newsletters)
        .values({ subject: "Empty", contentHtml: "<p>x</p>", contentText: "x", targetShows: true, regions: ["US-WY"], status: "scheduled", scheduledAt: new Date(Date.now() - 1000) })
        .returning();
      expect(await startDueNewsletters(t.app.db)).toEqual([{ id: n.id, recipients: 0 }]);
      expect(await statusOf(t.app.db, n.id)).toBe("done");
      expect(await startDueNewsletters(t.app.db)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)("scheduled newsletters with two instances on one PostgreSQL", () => {
  it("each due newsletter is started exactly once by racing schedulers, and every fan gets one mail", { timeout: 30_000 }, async () => {
    const sink = await startSmtpSink();
    const t = await createTestApp({ SMTP_URL: sink.url, MAIL_RATE_PER_SECOND: 100_000 });
    // the second instance: its own pool and app on the same database
    const name = ((await t.app.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0].name;
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    const second = await openPostgres(url.toString());
    const app2 = await buildApp({ config: t.app.config, database: second, logger: false });
    await app2.ready();
    try {
      await addFans(t.app.db, Array.from({ length: 30 }, (_, i) => ({ email: `fan${i}@x.com`, region: "US-NC" })));
      const due = new Date(Date.now() - 1000);
      const rows = await t.app.db
        .insert(newsletters)
        .values(Array.from({ length: 12 }, (_, i) => ({ subject: `Due ${i}`, contentHtml: "<p>x</p>", contentText: "x", targetShows: true, status: "scheduled", scheduledAt: due })))
        .returning({ id: newsletters.id });

      // many checks at once from both pools: every newsletter comes out of exactly one of them
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => startDueNewsletters(i % 2 ? second.db : t.app.db, 3)));
      const started = results.flat().map((r) => r.id);
      const rest = await startDueNewsletters(t.app.db, 100);
      const all = [...started, ...rest.map((r) => r.id)].sort((x, y) => x - y);
      expect(all).toEqual(rows.map((r) => r.id));
      for (const r of [...results.flat(), ...rest]) expect(r.recipients).toBe(30);

      // and the two instances' schedulers and workers deliver a newly due one once to each fan
      await t.app.db.delete(newsletters); // (the ones above need not be sent)
      await t.app.newsletterWorker.start({ pollMs: 20, scheduleEveryMs: 30, instanceId: "first" });
      await app2.newsletterWorker.start({ pollMs: 20, scheduleEveryMs: 30, instanceId: "second" });
      const [late] = await t.app.db
        .insert(newsletters)
        .values({ subject: "Raced", contentHtml: "<p>x</p>", contentText: "x", targetShows: true, status: "scheduled", scheduledAt: new Date(Date.now() + 300) })
        .returning({ id: newsletters.id });
      await until(async () => (await statusOf(t.app.db, late.id)) === "done", 20_000);
      const raced = sink.mails.filter((m) => m.subject === "Raced").flatMap((m) => m.to);
      expect(raced).toHaveLength(30);
      expect(new Set(raced).size).toBe(30);
    } finally {
      await app2.close();
      await second.close();
      await t.close();
      await sink.close();
    }
  });
});
