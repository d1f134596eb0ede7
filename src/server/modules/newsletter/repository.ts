import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { NewsletterProgress } from "@shared/schemas/newsletter";
import type { Db } from "../../db/client";
import { newsletterDeliveries, newsletters, subscribers } from "../../db/schema";
import { recipientFilter, type Targets } from "../../mail/delivery-queue";

export async function countRecipients(db: Db, t: Targets): Promise<number> {
  const where = recipientFilter(t);
  if (!where) return 0;
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(subscribers).where(where);
  return row.n;
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
