import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { presaleMails, shows, subscribers } from "../../db/schema";

/** What a presale request and its mail need of a show, code included (never sent but by mail): null when there is no such show. */
export async function findPresaleShow(db: Db, id: number) {
  const [row] = await db
    .select({
      id: shows.id,
      venue: shows.venue,
      location: shows.location,
      date: shows.date,
      time: shows.time,
      eventUrl: shows.eventUrl,
      status: shows.status,
      onSaleAt: shows.onSaleAt,
      presaleStartsAt: shows.presaleStartsAt,
      presaleCode: shows.presaleCode,
    })
    .from(shows)
    .where(eq(shows.id, id))
    .limit(1);
  return row ?? null;
}

/** The fan a code may go to: confirmed, still subscribed, and the address does not bounce. */
export async function findConfirmedFan(db: Db, email: string) {
  const [row] = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.email, email), eq(subscribers.isVerified, true), eq(subscribers.isSubscribed, true), isNull(subscribers.bouncedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Claims the mail of a show's code to a fan: true when none went to them for this show in the
 * last `waitMs` (the row is written or moved on), false when one did. One statement, so two
 * requests (or two instances) racing for the same fan claim it once.
 */
export async function claimPresaleMail(db: Db, showId: number, subscriberId: number, waitMs: number): Promise<boolean> {
  const rows = await db
    .insert(presaleMails)
    .values({ showId, subscriberId })
    .onConflictDoUpdate({
      target: [presaleMails.showId, presaleMails.subscriberId],
      set: { sentAt: sql`now()` },
      setWhere: sql`${presaleMails.sentAt} <= now() - make_interval(secs => ${waitMs / 1000}::double precision)`,
    })
    .returning({ showId: presaleMails.showId });
  return rows.length > 0;
}
