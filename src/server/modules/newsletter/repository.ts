import { and, asc, desc, eq, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { NewsletterProgress } from "@shared/schemas/newsletter";
import type { Db } from "../../db/client";
import { newsletterDeliveries, newsletters, shows, subscribers } from "../../db/schema";
import { queueDeliveries, recipientFilter, type Targets } from "./queue";
import { raiseEvent } from "../../services/webhook-events";

/*
 * The newsletters' own rows: what the routes, the scheduler and the worker read and change.
 * The delivery rows (one per recipient) are the queue's (queue.ts).
 */

/**
 * A newsletter to be sent at `scheduledAt`: stored with its audience and no delivery rows;
 * the scheduler (scheduler.ts, startDueNewsletters below) chooses the recipients when it starts.
 */
export async function scheduleNewsletter(
  db: Db,
  n: Targets & { subject: string; content: string; contentHtml: string; contentText: string; scheduledAt: Date; createdBy: string | null },
): Promise<{ id: number; scheduledAt: Date }> {
  const [created] = await db
    .insert(newsletters)
    .values({ ...n, regions: [...(n.regions ?? [])], status: "scheduled" })
    .returning({ id: newsletters.id, scheduledAt: newsletters.scheduledAt });
  return { id: created.id, scheduledAt: created.scheduledAt! };
}

/**
 * Cancels a newsletter while it is still scheduled (the status check in the update makes this
 * safe against the scheduler starting it at the same moment: exactly one of them wins).
 * Returns whether it was cancelled now, with the status that prevented it; null if there is no such newsletter.
 */
export async function cancelScheduledNewsletter(db: Db, id: number): Promise<{ cancelled: true } | { cancelled: false; status: string } | null> {
  const [cancelled] = await db
    .update(newsletters)
    .set({ status: "cancelled", completedAt: new Date() })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, "scheduled")))
    .returning({ id: newsletters.id });
  if (cancelled) return { cancelled: true };
  const [found] = await db.select({ status: newsletters.status }).from(newsletters).where(eq(newsletters.id, id));
  return found ? { cancelled: false, status: found.status } : null;
}

export type ScheduledEdit = Targets & { subject: string; content: string; contentHtml: string; contentText: string; scheduledAt: Date };

/**
 * Changes a newsletter while it is still scheduled (issue 21). The status check is part of the
 * update itself, so it is safe against the scheduler starting it at the same moment, on this
 * instance or another: the scheduler holds the row (FOR UPDATE) while it moves it to 'queued',
 * this update waits for that and then finds it no longer 'scheduled'; and a row this update holds
 * is skipped by the scheduler (SKIP LOCKED) until the edit is in. Exactly one of them wins, and
 * an edit never lands on a newsletter whose recipients are already chosen.
 * Returns whether it was changed, with the status that prevented it; null if there is no such newsletter.
 */
export async function editScheduledNewsletter(db: Db, id: number, n: ScheduledEdit): Promise<{ edited: true } | { edited: false; status: string } | null> {
  const [edited] = await db
    .update(newsletters)
    .set({ ...n, regions: [...(n.regions ?? [])] })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, "scheduled")))
    .returning({ id: newsletters.id });
  if (edited) return { edited: true };
  const [found] = await db.select({ status: newsletters.status }).from(newsletters).where(eq(newsletters.id, id));
  return found ? { edited: false, status: found.status } : null;
}

/** What a newsletter says and whom it is for: the text as written (older rows: the sanitised HTML) and its interests. */
/** One newsletter as stored (the activity log's record before a change or a cancel). */
export async function findNewsletter(db: Db, id: number) {
  const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id)).limit(1);
  return row ?? null;
}

export async function newsletterContent(db: Db, id: number) {
  const [row] = await db
    .select({ content: newsletters.content, contentHtml: newsletters.contentHtml, targetShows: newsletters.targetShows, targetReleases: newsletters.targetReleases, targetMerch: newsletters.targetMerch })
    .from(newsletters)
    .where(eq(newsletters.id, id));
  if (!row) return null;
  const { content, contentHtml, ...targets } = row;
  return { content: content ?? contentHtml, ...targets };
}

/** Who a newsletter would reach now (`count`), and how many more match but have not confirmed their address yet (`waiting`). */
export async function countRecipients(db: Db, t: Targets): Promise<{ count: number; waiting: number }> {
  const count = async (verified: boolean) => {
    const where = recipientFilter(t, { verified });
    if (!where) return 0;
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(subscribers).where(where);
    return row.n;
  };
  const [reached, waiting] = await Promise.all([count(true), count(false)]);
  return { count: reached, waiting };
}

/**
 * Delivery counts per newsletter, newest first: the latest `limit`, plus every newsletter still
 * waiting for its time (however many were sent since it was scheduled, its Cancel must stay in reach).
 */
export async function newsletterProgress(db: Db, limit = 20, onlyId?: number): Promise<NewsletterProgress[]> {
  const latest = await db
    .select()
    .from(newsletters)
    .where(onlyId ? eq(newsletters.id, onlyId) : undefined)
    .orderBy(desc(newsletters.id))
    .limit(limit);
  const waiting = onlyId ? [] : await db.select().from(newsletters).where(eq(newsletters.status, "scheduled")).orderBy(desc(newsletters.id));
  const rows = [...latest, ...waiting.filter((w) => !latest.some((r) => r.id === w.id))].sort((a, b) => b.id - a.id);
  if (rows.length === 0) return [];
  const nearShowIds = [...new Set(rows.flatMap((r) => (r.nearShowId === null ? [] : [r.nearShowId])))];
  const venues = nearShowIds.length ? await db.select({ id: shows.id, venue: shows.venue }).from(shows).where(inArray(shows.id, nearShowIds)) : [];
  const counts = await db
    .select({ id: newsletterDeliveries.newsletterId, status: newsletterDeliveries.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(newsletterDeliveries)
    .where(inArray(newsletterDeliveries.newsletterId, rows.map((r) => r.id)))
    .groupBy(newsletterDeliveries.newsletterId, newsletterDeliveries.status);
  return rows.map((r) => {
    const of = (s: string) => counts.find((c) => c.id === r.id && c.status === s)?.n ?? 0;
    return {
      id: r.id,
      subject: r.subject,
      status: r.status as NewsletterProgress["status"],
      regions: r.regions,
      near: r.nearShowId === null || r.nearMiles === null ? null : { showId: r.nearShowId, miles: r.nearMiles, venue: venues.find((v) => v.id === r.nearShowId)?.venue ?? null },
      scheduledAt: r.scheduledAt?.toISOString() ?? null,
      totalRecipients: r.totalRecipients,
      sent: of("sent"),
      failed: of("failed"),
      pending: of("pending") + of("sending"),
      unknown: of("unknown"),
      skipped: of("skipped"),
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
    };
  });
}

/** Recipients whose delivery outcome is unknown (the process died during their SMTP exchange). */
export async function unknownDeliveries(db: Db, newsletterId: number) {
  return db
    .select({ email: newsletterDeliveries.email, lastError: newsletterDeliveries.lastError })
    .from(newsletterDeliveries)
    .where(and(eq(newsletterDeliveries.newsletterId, newsletterId), eq(newsletterDeliveries.status, "unknown")))
    .orderBy(newsletterDeliveries.id);
}

/** How many due newsletters one check starts (the rest wait for the next check, a second later). */
const START_BATCH = 10;

/**
 * Starts the scheduled newsletters whose time has come: in one transaction each moves from
 * 'scheduled' to 'queued' and gets one pending delivery per subscriber who matches *now* (fans
 * who joined or left since it was scheduled are respected). Rows are taken FOR UPDATE SKIP
 * LOCKED and the update re-checks the status, so with several instances (or a check that
 * overlaps a cancel) each newsletter is started exactly once; a crash before the commit leaves
 * it scheduled for the next check. A newsletter no one matches any more is done with 0 recipients.
 */
export async function startDueNewsletters(db: Db, limit = START_BATCH): Promise<{ id: number; recipients: number }[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: newsletters.id })
      .from(newsletters)
      .where(and(eq(newsletters.status, "scheduled"), lte(newsletters.scheduledAt, sql`now()`)))
      .orderBy(asc(newsletters.scheduledAt), asc(newsletters.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const started = await tx
      .update(newsletters)
      .set({ status: "queued" })
      .where(and(inArray(newsletters.id, due.map((d) => d.id)), eq(newsletters.status, "scheduled")))
      .returning({ id: newsletters.id, targetShows: newsletters.targetShows, targetReleases: newsletters.targetReleases, targetMerch: newsletters.targetMerch, regions: newsletters.regions, nearShowId: newsletters.nearShowId, nearMiles: newsletters.nearMiles });
    const result: { id: number; recipients: number }[] = [];
    for (const n of started) result.push({ id: n.id, recipients: await queueDeliveries(tx, n.id, n) });
    return result;
  });
}

export type NewsletterContent = { subject: string; contentHtml: string; contentText: string };

/** What the worker sends for these newsletters, which are now 'sending' (if they were 'queued'). */
export async function contentToSend(db: Db, ids: number[]): Promise<Map<number, NewsletterContent>> {
  const found = await db.select().from(newsletters).where(inArray(newsletters.id, ids));
  await db
    .update(newsletters)
    .set({ status: "sending" })
    .where(and(inArray(newsletters.id, ids), eq(newsletters.status, "queued")));
  return new Map(found.map((r) => [r.id, { subject: r.subject, contentHtml: r.contentHtml, contentText: r.contentText }]));
}

/** Marks done the newsletters none of whose rows is pending or sending any more; returns their ids. */
export async function completeFinishedNewsletters(db: Db): Promise<number[]> {
  const open = await db.select({ id: newsletters.id }).from(newsletters).where(notInArray(newsletters.status, ["done", "scheduled", "cancelled"])); // a scheduled one has no rows yet
  const done: number[] = [];
  for (const { id } of open) {
    const [busy] = await db
      .select({ id: newsletterDeliveries.id })
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.newsletterId, id), inArray(newsletterDeliveries.status, ["pending", "sending"])))
      .limit(1);
    if (!busy) {
      // status-checked: with several instances one marks it done, and that one queues newsletter.sent (webhooks, issue 26) in the same commit
      const finished = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(newsletters)
          .set({ status: "done", completedAt: new Date() })
          .where(and(eq(newsletters.id, id), notInArray(newsletters.status, ["done", "scheduled", "cancelled"])))
          .returning({ id: newsletters.id, subject: newsletters.subject, totalRecipients: newsletters.totalRecipients });
        if (!row) return false;
        await raiseEvent(tx, "newsletter.sent", { id: row.id, subject: row.subject, recipients: row.totalRecipients, ...(await deliveryCounts(tx as unknown as Db, row.id)) });
        return true;
      });
      if (finished) done.push(id);
    }
  }
  return done;
}

/** How a finished newsletter's mails ended, as newsletter.sent tells it. */
async function deliveryCounts(db: Db, newsletterId: number): Promise<{ sent: number; failed: number; unknown: number; skipped: number }> {
  const rows = await db
    .select({ status: newsletterDeliveries.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.newsletterId, newsletterId))
    .groupBy(newsletterDeliveries.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { sent: of("sent"), failed: of("failed"), unknown: of("unknown"), skipped: of("skipped") };
}

/** A newsletter that went out, or is going out: its links can be followed (links.ts). */
const SENT_STATUSES = ["queued", "sending", "done"];

/**
 * The subject and stored HTML of these newsletters, those sent or being sent only (a scheduled or
 * cancelled one's words are not out yet): what /go/newsletter and the stats report read
 * (modules/stats), each finding link n with `newsletterLinks` (links.ts).
 */
export async function sentNewsletterWords(db: Db, ids: number[]): Promise<Map<number, { subject: string; contentHtml: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: newsletters.id, subject: newsletters.subject, contentHtml: newsletters.contentHtml })
    .from(newsletters)
    .where(and(inArray(newsletters.id, ids), inArray(newsletters.status, SENT_STATUSES)));
  return new Map(rows.map((r) => [r.id, { subject: r.subject, contentHtml: r.contentHtml }]));
}
