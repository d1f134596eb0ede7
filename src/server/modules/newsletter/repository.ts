import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { NewsletterProgress } from "@shared/schemas/newsletter";
import type { Db } from "../../db/client";
import { newsletterDeliveries, newsletters, subscribers } from "../../db/schema";

export interface Targets {
  targetShows: boolean;
  targetReleases: boolean;
  targetMerch: boolean;
}

/** Verified, still subscribed, and matching at least one chosen interest (ARCHITECTURE.md). */
export function recipientFilter(t: Targets): SQL | undefined {
  const interests: SQL[] = [];
  if (t.targetShows) interests.push(eq(subscribers.showsInterest, true));
  if (t.targetReleases) interests.push(eq(subscribers.releasesInterest, true));
  if (t.targetMerch) interests.push(eq(subscribers.merchInterest, true));
  if (interests.length === 0) return undefined;
  return and(eq(subscribers.isVerified, true), eq(subscribers.isSubscribed, true), or(...interests));
}

export async function countRecipients(db: Db, t: Targets): Promise<number> {
  const where = recipientFilter(t);
  if (!where) return 0;
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(subscribers).where(where);
  return row.n;
}

/**
 * Queues a newsletter: the newsletter row and one pending delivery per recipient, in one
 * transaction, so a crash leaves either nothing or the whole list queued.
 */
export async function queueNewsletter(db: Db, n: Targets & { subject: string; contentHtml: string; contentText: string }) {
  const where = recipientFilter(n);
  if (!where) return null;
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(newsletters).values({ ...n, status: "queued" }).returning({ id: newsletters.id });
    await tx.execute(sql`
      insert into ${newsletterDeliveries} (newsletter_id, subscriber_id, email)
      select ${created.id}, ${subscribers.id}, ${subscribers.email} from ${subscribers}
      where ${where}
      order by ${subscribers.id}
      on conflict do nothing`);
    const [{ total }] = await tx
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.newsletterId, created.id));
    await tx
      .update(newsletters)
      .set({ totalRecipients: total, ...(total === 0 ? { status: "done", completedAt: new Date() } : {}) })
      .where(eq(newsletters.id, created.id));
    return { id: created.id, recipients: total };
  });
}

/** Delivery counts per newsletter, newest first. */
export async function newsletterProgress(db: Db, limit = 20, onlyId?: number): Promise<NewsletterProgress[]> {
  const rows = await db
    .select()
    .from(newsletters)
    .where(onlyId ? eq(newsletters.id, onlyId) : undefined)
    .orderBy(desc(newsletters.id))
    .limit(limit);
  if (rows.length === 0) return [];
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
