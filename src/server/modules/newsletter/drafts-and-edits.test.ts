import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_DRAFTS } from "@shared/schemas/newsletter";
import { buildApp } from "../../app";
import { openPostgres } from "../../db/client";
import { activityLog, newsletterDeliveries, newsletterDrafts, newsletters, subscribers } from "../../db/schema";
import { startDueNewsletters } from "./repository";
import { createTestApp, type TestApp } from "../../test/app";

/** Issue 21: newsletter drafts kept on the server, and scheduled newsletters editable until they start. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inDays = (d: number) => new Date(Date.now() + d * 24 * 3600 * 1000).toISOString();
type Db = FastifyInstance["db"];

async function addFans(db: Db, emails: string[]) {
  await db.insert(subscribers).values(emails.map((email) => ({ email, region: "US-NC", showsInterest: true, isVerified: true, verifiedAt: new Date() })));
}

const rowOf = async (db: Db, id: number) => (await db.select().from(newsletters).where(eq(newsletters.id, id)))[0];
/** What the activity log holds for a resource, newest first. */
const logOf = (db: Db, resource: string) => db.select().from(activityLog).where(eq(activityLog.resource, resource)).orderBy(sql`${activityLog.id} desc`);

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = await t.adminHeaders();
  await addFans(t.app.db, ["nc1@x.com", "nc2@x.com"]);
});
afterAll(() => t.close());

const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, h: Record<string, string> | null = headers) =>
  t.request({ method, url, ...(h ? { headers: h } : {}), ...(payload ? { payload } : {}) });

const draft = { subject: "Spring tour", content: "We are coming home.\n\nTickets Friday.", targetShows: true, targetReleases: false, targetMerch: false, regions: ["US-NC"], scheduledAt: null };

describe("newsletter drafts", () => {
  it("are for signed-in admins only", async () => {
    expect((await req("GET", "/api/newsletter/drafts", undefined, null)).statusCode).toBe(401);
    expect((await req("POST", "/api/newsletter/drafts", draft, null)).statusCode).toBe(401);
    expect((await req("PUT", "/api/newsletter/drafts/1", draft, null)).statusCode).toBe(401);
    expect((await req("DELETE", "/api/newsletter/drafts/1", undefined, null)).statusCode).toBe(401);
    expect(await t.app.db.select().from(newsletterDrafts)).toHaveLength(0);
  });

  it("are saved, listed, read back and updated, with who changed them last and a rising revision", async () => {
    const created = await req("POST", "/api/newsletter/drafts", draft);
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json().data;
    expect(saved).toMatchObject({ ...draft, revision: 1, createdBy: "admin", updatedBy: "admin" });
    expect(created.json().message).toBe("Draft saved");

    const list = (await req("GET", "/api/newsletter/drafts")).json().data;
    expect(list.map((d: { id: number }) => d.id)).toContain(saved.id);
    expect((await req("GET", `/api/newsletter/drafts/${saved.id}`)).json().data).toMatchObject(draft);

    const at = inDays(3);
    const updated = await req("PUT", `/api/newsletter/drafts/${saved.id}`, { ...draft, subject: "Spring tour: two more dates", scheduledAt: at, revision: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ subject: "Spring tour: two more dates", revision: 2, scheduledAt: at });
    expect(Date.parse(updated.json().data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(saved.updatedAt));
    // a half-written draft is fine: nothing is required
    const empty = await req("PUT", `/api/newsletter/drafts/${saved.id}`, { subject: "", content: "", revision: 2 });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toMatchObject({ subject: "", content: "", targetShows: true, targetReleases: true, targetMerch: true, regions: [], scheduledAt: null, revision: 3 });
  });

  it("a save from a screen that missed a newer one is a 409 naming who saved it; without a revision it saves over", async () => {
    const id = (await req("POST", "/api/newsletter/drafts", draft)).json().data.id;
    expect((await req("PUT", `/api/newsletter/drafts/${id}`, { ...draft, subject: "Laptop", revision: 1 })).statusCode).toBe(200);
    const stale = await req("PUT", `/api/newsletter/drafts/${id}`, { ...draft, subject: "Phone", revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^You saved a newer version of this draft on another screen \(\w{3}, \w{3} \d{1,2}.*\)\. Your changes here are not saved yet\.$/);
    expect((await req("GET", `/api/newsletter/drafts/${id}`)).json().data.subject).toBe("Laptop");

    // another band member's save is named by their username
    const made = await req("POST", "/api/users", { username: "jamie", email: "jamie@band.example", password: "Tar-River-Static-7" });
    expect(made.statusCode, made.body).toBe(201);
    const login = await req("POST", "/api/admin/login", { username: "jamie", password: "Tar-River-Static-7" }, null);
    const jamie = { authorization: `Bearer ${login.json().token}` };
    expect((await req("PUT", `/api/newsletter/drafts/${id}`, { ...draft, subject: "Jamie's", revision: 2 }, jamie)).json().data).toMatchObject({ updatedBy: "jamie", createdBy: "admin", revision: 3 });
    const mine = await req("PUT", `/api/newsletter/drafts/${id}`, { ...draft, subject: "Mine", revision: 2 });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toMatch(/^jamie saved a newer version of this draft \(/);
    // 'Keep mine': a save without a revision goes over it
    expect((await req("PUT", `/api/newsletter/drafts/${id}`, { ...draft, subject: "Mine" })).json().data).toMatchObject({ subject: "Mine", revision: 4, updatedBy: "admin" });
  });

  it("validates every field with the send's limits, and names it", async () => {
    const cases: [object, string, string][] = [
      [{ subject: "x".repeat(201) }, "subject", "Subject is too long (200 characters at most)"],
      [{ content: "x".repeat(200_001) }, "content", "Content is too long"],
      [{ subject: "a\u0000b" }, "subject", "Must not contain control characters"],
      [{ regions: ["US-XX"] }, "regions", "Unknown region 'US-XX': choose US states or countries from the list"],
      [{ scheduledAt: "next friday" }, "scheduledAt", "Schedule must be an ISO 8601 date and time with an offset"],
      [{ targetShows: "yes" }, "targetShows", "must be true or false"],
      [{ revision: 0 }, "revision", "revision must be a whole number"],
    ];
    for (const [body, field, message] of cases) {
      const res = await req("POST", "/api/newsletter/drafts", { ...draft, ...body });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
    expect((await req("PUT", "/api/newsletter/drafts/abc", draft)).statusCode).toBe(400);
    expect((await req("PUT", "/api/newsletter/drafts/999999", draft)).statusCode).toBe(404);
    expect((await req("GET", "/api/newsletter/drafts/999999")).json().message).toBe("This draft is no longer there: it was sent, scheduled or discarded, perhaps on another screen.");
  });

  it("a discard removes it and is in the activity log; the autosaves are not", async () => {
    const before = (await logOf(t.app.db, "newsletter draft")).length;
    const id = (await req("POST", "/api/newsletter/drafts", { ...draft, subject: "Merch drop" })).json().data.id;
    for (let i = 2; i <= 6; i++) await req("PUT", `/api/newsletter/drafts/${id}`, { ...draft, subject: "Merch drop" + "!".repeat(i) });
    const gone = await req("DELETE", `/api/newsletter/drafts/${id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe("Draft discarded");
    expect((await req("GET", `/api/newsletter/drafts/${id}`)).statusCode).toBe(404);
    expect((await req("DELETE", `/api/newsletter/drafts/${id}`)).statusCode).toBe(404);

    const entries = await logOf(t.app.db, "newsletter draft");
    expect(entries.length - before).toBe(1);
    expect(entries[0]).toMatchObject({ username: "admin", action: "discard", recordId: String(id), summary: "Merch drop!!!!!!" });
    const drafts = await t.app.db.select().from(activityLog).where(sql`${activityLog.recordId} = ${String(id)} and ${activityLog.resource} like 'newsletter%'`);
    expect(drafts.map((e) => e.action)).toEqual(["discard"]);
  });

  it("keeps the list short: past the limit a new draft is refused with a 409 that says what to do", async () => {
    await t.app.db.delete(newsletterDrafts);
    await t.app.db.insert(newsletterDrafts).values(Array.from({ length: MAX_DRAFTS }, (_, i) => ({ subject: `Draft ${i}` })));
    const refused = await req("POST", "/api/newsletter/drafts", draft);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`The band keeps ${MAX_DRAFTS} drafts already. Discard one you no longer need, then start another.`);
    await t.app.db.delete(newsletterDrafts);
  });

  it("a real send or a schedule consumes the draft it names; a preview or a refused send keeps it", async () => {
    const newDraft = async () => (await req("POST", "/api/newsletter/drafts", draft)).json().data.id as number;
    const exists = async (id: number) => (await req("GET", `/api/newsletter/drafts/${id}`)).statusCode === 200;
    const send = (body: object) => req("POST", "/api/newsletter/send", { subject: "Spring tour", content: "Hello", targetShows: true, ...body });

    const previewed = await newDraft();
    expect((await send({ previewEmail: "band@example.com", draftId: previewed })).statusCode).toBe(200);
    expect(await exists(previewed)).toBe(true);

    const refused = await newDraft();
    const nobody = await send({ regions: ["DE"], draftId: refused });
    expect(nobody.statusCode).toBe(400);
    expect(await exists(refused)).toBe(true);

    const sent = await newDraft();
    const res = await send({ draftId: sent });
    expect(res.statusCode, res.body).toBe(202);
    // the spec's answer is unchanged
    expect(res.json()).toEqual({ success: true, message: "Newsletter sent to 2 subscribers", data: { newsletterId: expect.any(Number), recipients: 2 } });
    expect(await exists(sent)).toBe(false);

    const scheduled = await newDraft();
    expect((await send({ scheduledAt: inDays(2), draftId: scheduled })).statusCode).toBe(202);
    expect(await exists(scheduled)).toBe(false);

    // a draft already discarded elsewhere does not stop the send
    expect((await send({ scheduledAt: inDays(2), draftId: 999_999 })).statusCode).toBe(202);
    expect((await send({ draftId: "x" })).json().errors.draftId).toBe("draftId must be a draft's id");
    // and the log says scheduled, not sent (issue 21)
    const [last] = await logOf(t.app.db, "newsletter");
    expect(last.action).toBe("schedule");
  });
});

describe("editing a scheduled newsletter", () => {
  const schedule = async (subject = "Raleigh show") => {
    const res = await req("POST", "/api/newsletter/send", { subject, content: "Line one\n\nLine <b>two</b>", targetShows: true, regions: ["US-NC"], scheduledAt: inDays(3) });
    expect(res.statusCode, res.body).toBe(202);
    return res.json().data.newsletterId as number;
  };
  const edit = { subject: "Raleigh show: moved to Saturday", content: "New <i>date</i>", targetShows: true, targetReleases: true, targetMerch: false, regions: ["US-NC", "US-SC"] };
  /** makes a scheduled newsletter due now, as if its time had come */
  const makeDue = (db: Db, id: number) => db.update(newsletters).set({ scheduledAt: new Date(Date.now() - 1000) }).where(eq(newsletters.id, id));

  it("reads back as written, then takes new words, audience and time, and the log names what changed", async () => {
    const id = await schedule();
    const item = (await req("GET", `/api/newsletters/${id}`)).json().data;
    expect(item).toMatchObject({ status: "scheduled", subject: "Raleigh show", content: "Line one\n\nLine <b>two</b>", targetShows: true, targetReleases: false, targetMerch: false, regions: ["US-NC"] });

    const at = inDays(5);
    const res = await req("PUT", `/api/newsletters/${id}`, { ...edit, scheduledAt: at });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Changes saved: it goes out \w{3}, \w{3} \d{1,2}.* E[SD]T$/);
    expect(res.json().data).toMatchObject({ ...edit, status: "scheduled", scheduledAt: new Date(at).toISOString() });
    const row = await rowOf(t.app.db, id);
    expect(row.contentHtml).toContain("<i>date</i>");
    expect(row.contentText).toContain("New date");
    expect(row.scheduledAt?.toISOString()).toBe(new Date(at).toISOString());
    expect(await t.app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.newsletterId, id))).toHaveLength(0);

    const [entry] = await logOf(t.app.db, "newsletter");
    expect(entry).toMatchObject({ action: "update", recordId: String(id), summary: edit.subject });
    expect(entry.changes).toMatchObject({ subject: edit.subject, content: edit.content, targetReleases: true, regions: ["US-NC", "US-SC"] });
    // unchanged fields are left out
    expect(entry.changes).not.toHaveProperty("targetShows");
  });

  it("validates like a scheduled send: a time in the future, an interest, content", async () => {
    const id = await schedule();
    const past = await req("PUT", `/api/newsletters/${id}`, { ...edit, scheduledAt: "2020-01-01T10:00:00Z" });
    expect(past.json().errors.scheduledAt).toBe("Choose a time in the future.");
    const noTime = await req("PUT", `/api/newsletters/${id}`, edit);
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().errors.scheduledAt).toBeDefined();
    const noInterest = await req("PUT", `/api/newsletters/${id}`, { ...edit, targetShows: false, targetReleases: false, scheduledAt: inDays(2) });
    expect(noInterest.json().message).toBe("Choose at least one interest to send to.");
    const noContent = await req("PUT", `/api/newsletters/${id}`, { ...edit, content: "<p> </p>", scheduledAt: inDays(2) });
    expect(noContent.json().errors.content).toBe("Please enter content for your newsletter.");
    expect((await req("PUT", `/api/newsletters/${id}`, { ...edit, scheduledAt: inDays(2) }, null)).statusCode).toBe(401);
    expect((await req("PUT", "/api/newsletters/999999", { ...edit, scheduledAt: inDays(2) })).statusCode).toBe(404);
    expect((await rowOf(t.app.db, id)).subject).toBe("Raleigh show");
  });

  it("once sending has started, or after a cancel, an edit is a 409 and changes nothing", async () => {
    const started = await schedule("Started");
    await makeDue(t.app.db, started);
    expect((await startDueNewsletters(t.app.db)).map((n) => n.id)).toContain(started);
    const res = await req("PUT", `/api/newsletters/${started}`, { ...edit, scheduledAt: inDays(2) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This newsletter has already started sending and can no longer be changed.");
    expect((await rowOf(t.app.db, started)).subject).toBe("Started");

    const cancelled = await schedule("Cancelled");
    expect((await req("POST", `/api/newsletters/${cancelled}/cancel`)).statusCode).toBe(200);
    const again = await req("PUT", `/api/newsletters/${cancelled}`, { ...edit, scheduledAt: inDays(2) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This newsletter was cancelled, so it can no longer be changed.");
  });

  it("an edit arriving while the scheduler is starting it waits for the start and is refused (never lands on a started newsletter)", async () => {
    const id = await schedule("Claimed");
    await makeDue(t.app.db, id);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // what the scheduler does, held open between its claim and its commit
    const claim = t.app.db.transaction(async (tx) => {
      await tx.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.id, id)).for("update", { skipLocked: true });
      await tx.update(newsletters).set({ status: "queued" }).where(eq(newsletters.id, id));
      locked();
      await held;
    });
    await isLocked;
    const editing = req("PUT", `/api/newsletters/${id}`, { ...edit, scheduledAt: inDays(2) });
    await sleep(200); // the edit is waiting on the row
    release();
    await claim;
    const res = await editing;
    expect(res.statusCode).toBe(409);
    expect((await rowOf(t.app.db, id)).subject).toBe("Claimed");
  });

  it("raced against the real scheduler, each edit either lands before the start (and it stays scheduled) or is refused", async () => {
    await raceEditsAgainstScheduler(t, t.app.db);
  });
});

/**
 * Starts a due newsletter and edits it at the same moment, 12 times: either the edit won (200,
 * still scheduled for its new time, the new words, no recipients chosen) or the start won (409,
 * the old words went out). Never an edit that answered 200 on a newsletter already started.
 */
async function raceEditsAgainstScheduler(t: TestApp, schedulerDb: Db) {
  const outcomes = { edited: 0, refused: 0 };
  for (let i = 0; i < 12; i++) {
    const [n] = await t.app.db
      .insert(newsletters)
      .values({ subject: `Race ${i}`, content: "x", contentHtml: "<p>x</p>", contentText: "x", targetShows: true, status: "scheduled", scheduledAt: new Date(Date.now() - 1000) })
      .returning({ id: newsletters.id });
    const [started, res] = await Promise.all([
      startDueNewsletters(schedulerDb),
      t.request({ method: "PUT", url: `/api/newsletters/${n.id}`, headers, payload: { subject: `Edited ${i}`, content: "y", targetShows: true, scheduledAt: inDays(1) } }),
    ]);
    const row = await rowOf(t.app.db, n.id);
    const deliveries = await t.app.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.newsletterId, n.id));
    if (res.statusCode === 200) {
      outcomes.edited++;
      expect(started.map((s) => s.id)).not.toContain(n.id);
      expect(row).toMatchObject({ status: "scheduled", subject: `Edited ${i}` });
      expect(deliveries).toHaveLength(0);
    } else {
      outcomes.refused++;
      expect(res.statusCode).toBe(409);
      expect(row.subject).toBe(`Race ${i}`);
      expect(row.status).not.toBe("scheduled");
      expect(deliveries.length).toBeGreaterThan(0);
    }
    await t.app.db.delete(newsletters).where(eq(newsletters.id, n.id));
  }
  expect(outcomes.edited + outcomes.refused).toBe(12);
  return outcomes;
}

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)("editing a scheduled newsletter with two instances on one PostgreSQL", () => {
  it("the other instance's scheduler and this one's edit never both win", { timeout: 60_000 }, async () => {
    const name = ((await t.app.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0].name;
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    const second = await openPostgres(url.toString());
    const app2 = await buildApp({ config: t.app.config, database: second, logger: false });
    await app2.ready();
    try {
      await raceEditsAgainstScheduler(t, second.db);
      // and the edit, made on the second instance, against this one's start held open
      const [n] = await t.app.db
        .insert(newsletters)
        .values({ subject: "Held", content: "x", contentHtml: "<p>x</p>", contentText: "x", targetShows: true, status: "scheduled", scheduledAt: new Date(Date.now() - 1000) })
        .returning({ id: newsletters.id });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const claim = t.app.db.transaction(async (tx) => {
        await tx.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.id, n.id)).for("update", { skipLocked: true });
        await tx.update(newsletters).set({ status: "queued" }).where(eq(newsletters.id, n.id));
        locked();
        await held;
      });
      await isLocked;
      const editing = app2.inject({ method: "PUT", url: `/api/newsletters/${n.id}`, headers, payload: { subject: "Edited", content: "y", targetShows: true, scheduledAt: inDays(1) } });
      await sleep(300);
      release();
      await claim;
      expect((await editing).statusCode).toBe(409);
      expect((await rowOf(t.app.db, n.id)).subject).toBe("Held");
    } finally {
      await app2.close();
      await second.close();
    }
  });
});
