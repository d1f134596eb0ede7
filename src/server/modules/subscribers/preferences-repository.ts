import { and, eq } from "drizzle-orm";
import { raiseEvent } from "../../services/webhook-events";
import type { Db } from "../../db/client";
import { subscribers } from "../../db/schema";
import { hashToken } from "../../lib/tokens";
import { deliveryOfToken, forgetDeliveryAddresses, skipPendingDeliveries } from "../newsletter/queue";

type Row = typeof subscribers.$inferSelect;

/** Whom a preferences token names: a subscriber, a subscription since deleted, or nobody. */
export type TokenOwner = { kind: "subscriber"; subscriber: Row } | { kind: "deleted" } | { kind: "unknown" };

/**
 * A newsletter mail's token is on its delivery row (which outlives the subscriber: its
 * subscriber_id becomes null), the welcome mail's on the subscriber row. Only hashes are stored.
 */
export async function findTokenOwner(db: Db, token: string): Promise<TokenOwner> {
  const hash = hashToken(token);
  const delivery = await deliveryOfToken(db, "preferences", hash);
  const [subscriber] = delivery
    ? delivery.subscriberId === null
      ? []
      : await db.select().from(subscribers).where(eq(subscribers.id, delivery.subscriberId)).limit(1)
    : await db.select().from(subscribers).where(eq(subscribers.preferencesToken, hash)).limit(1);
  if (subscriber) return { kind: "subscriber", subscriber };
  return delivery ? { kind: "deleted" } : { kind: "unknown" };
}

/** What the fan sees of their own record: never a token, an IP or another fan. */
export function toPreferences(r: Row) {
  return {
    name: r.name,
    email: r.email,
    interests: { shows: r.showsInterest, releases: r.releasesInterest, merch: r.merchInterest },
    region: r.region,
    place: r.place,
    placed: r.lat !== null,
    isSubscribed: r.isSubscribed,
  };
}

export async function updatePreferences(
  db: Db,
  id: number,
  p: { name: string | null; interests: { shows: boolean; releases: boolean; merch: boolean }; region: string | null; place?: { typed: string | null; lat: number | null; lng: number | null } },
): Promise<Row | null> {
  const [row] = await db
    .update(subscribers)
    .set({ name: p.name, showsInterest: p.interests.shows, releasesInterest: p.interests.releases, merchInterest: p.interests.merch, region: p.region, ...(p.place ? { place: p.place.typed, lat: p.place.lat, lng: p.place.lng } : {}) })
    .where(eq(subscribers.id, id))
    .returning();
  return row ?? null;
}

/**
 * Takes the fan off the list as the unsubscribe link does: pending newsletter mails skipped, and
 * the verification link still in their inbox stops working (coming back takes a new signup).
 */
export async function unsubscribeSubscriber(db: Db, id: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [left] = await tx
      .update(subscribers)
      .set({ isSubscribed: false, unsubscribedAt: now })
      .where(and(eq(subscribers.id, id), eq(subscribers.isSubscribed, true)))
      .returning({ id: subscribers.id, email: subscribers.email, isVerified: subscribers.isVerified });
    await tx.update(subscribers).set({ verificationToken: null }).where(eq(subscribers.id, id));
    await skipPendingDeliveries(tx as unknown as Db, [id], "unsubscribed");
    // told once, by the request that took a confirmed fan off the list (webhooks, issue 26)
    if (left?.isVerified) await raiseEvent(tx, "subscriber.unsubscribed", { id: left.id, email: left.email });
  });
}

/**
 * Erases the fan at their own request: pending mails skipped, their address blanked on the
 * delivery rows that stay for the newsletters' counts ('deleted-<row id>': unique per row, so
 * the (newsletter, email) index holds), then the subscriber row itself. The rows keep their
 * preferences token hashes, which is how the same link later answers "deleted".
 */
export async function eraseSubscriber(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await skipPendingDeliveries(tx as unknown as Db, [id], "subscriber deleted");
    await forgetDeliveryAddresses(tx as unknown as Db, id);
    const deleted = await tx.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id });
    return deleted.length > 0;
  });
}
