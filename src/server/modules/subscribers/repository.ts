import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscribers } from "../../db/schema";
import { hashToken, newToken, safeEqual } from "../../lib/tokens";
import { raiseEvent } from "../../services/webhook-events";
import { deliveryOfToken, skipPendingDeliveries } from "../newsletter/queue";

export const VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;
/** One verification mail per address per 10 minutes at most, whoever asks (the answer is the same either way). */
export const RESEND_AFTER_MS = 10 * 60 * 1000;

type Row = typeof subscribers.$inferSelect;

/** What the admin sees: never the token hashes or IPs. */
export function toSubscriber(r: Row) {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    showsInterest: r.showsInterest,
    releasesInterest: r.releasesInterest,
    merchInterest: r.merchInterest,
    isVerified: r.isVerified,
    isSubscribed: r.isSubscribed,
    verifiedAt: r.verifiedAt?.toISOString() ?? null,
    subscribedAt: r.subscribedAt.toISOString(),
    region: r.region,
    bouncedAt: r.bouncedAt?.toISOString() ?? null,
    bounceReason: r.bounceReason,
    consentSource: r.consentSource,
  };
}

export interface SubscribeRequest {
  name: string | null;
  email: string;
  interests: { shows: boolean; releases: boolean; merch: boolean };
  region?: string | null;
  /** 'Your city or ZIP' as typed and where the gazetteer placed it (issue 24) */
  place?: { typed: string; lat: number | null; lng: number | null } | null;
  ip: string;
  /** where the fan signed up (issue 23): the page and the visit's source */
  signupPage?: string | null;
  signupSource?: string | null;
}

/**
 * Creates or refreshes a pending subscription and returns the raw tokens to mail, or null when
 * no mail should go out (already verified, or a mail went out less than 10 minutes ago). The
 * caller answers the same way in every case, so the answer never tells whether the address exists.
 * One statement whatever the address (issue 20): an insert whose conflict branch refreshes an
 * unverified or unsubscribed row, so a known address costs no extra round trip (a timing tell).
 */
export async function subscribe(db: Db, req: SubscribeRequest, now = new Date()) {
  const verifyToken = newToken();
  const unsubscribeToken = newToken();
  const fresh = {
    name: req.name,
    showsInterest: req.interests.shows,
    releasesInterest: req.interests.releases,
    merchInterest: req.interests.merch,
    region: req.region ?? null,
    place: req.place?.typed ?? null,
    lat: req.place?.lat ?? null,
    lng: req.place?.lng ?? null,
    consentSource: "form",
    consentedBy: null,
    signupPage: req.signupPage ?? null,
    signupSource: req.signupSource ?? null,
    welcomeSentAt: null,
    verificationMailDue: false,
    verificationToken: hashToken(verifyToken),
    unsubscribeToken: hashToken(unsubscribeToken),
    isVerified: false,
    isSubscribed: true,
    verificationSentAt: now,
    verifiedAt: null,
    unsubscribedAt: null,
    subscribedAt: now,
    subscribeIp: req.ip,
    verifyIp: null,
  };
  const resendAfter = new Date(now.getTime() - RESEND_AFTER_MS).toISOString();
  const [saved] = await db
    .insert(subscribers)
    .values({ email: req.email, ...fresh })
    .onConflictDoUpdate({
      target: subscribers.email,
      set: fresh,
      // unverified or unsubscribed, and no mail in the last 10 minutes: a new consent, confirmed again by mail
      setWhere: sql`not (${subscribers.isVerified} and ${subscribers.isSubscribed})
        and (${subscribers.verificationSentAt} is null or ${subscribers.verificationSentAt} <= ${resendAfter}::timestamptz)`,
    })
    .returning({ id: subscribers.id });
  return saved ? { verifyToken, unsubscribeToken } : null;
}

/**
 * Puts an address that has just been confirmed by its own mailed link on the list (issue 25: the
 * free download for the list, whose form says the address joins it): verified at once, no second
 * mail. An address already on the list, or one that left it, is left as it is. Answers whether it
 * was added (what the release's count of fans it brought reads).
 */
export async function joinListConfirmed(
  db: Db,
  req: { email: string; interests: { shows: boolean; releases: boolean; merch: boolean }; ip: string; signupPage: string | null; consentSource: string },
  now = new Date(),
): Promise<boolean> {
  const [added] = await db
    .insert(subscribers)
    .values({
      email: req.email,
      name: null,
      showsInterest: req.interests.shows,
      releasesInterest: req.interests.releases,
      merchInterest: req.interests.merch,
      consentSource: req.consentSource,
      signupPage: req.signupPage,
      signupSource: "unknown",
      unsubscribeToken: hashToken(newToken()),
      isVerified: true,
      isSubscribed: true,
      verifiedAt: now,
      subscribedAt: now,
      subscribeIp: req.ip,
      verifyIp: req.ip,
    })
    .onConflictDoNothing({ target: subscribers.email })
    .returning({ id: subscribers.id });
  return added !== undefined;
}

export type VerifyResult = "verified" | "invalid" | "expired";

export interface Verification {
  result: VerifyResult;
  /**
   * Set for the one request that turned this consent's verification into its welcome mail:
   * the raw preferences token to put in it (only its hash is stored). Null on every other
   * answer, including the link opened again and a second request racing this one.
   */
  welcomePreferencesToken: string | null;
}

/** Idempotent: opening the link again after success succeeds again (and sends nothing). */
export async function verify(db: Db, email: string, token: string, ip: string, now = new Date()): Promise<Verification> {
  const answer = (result: VerifyResult): Verification => ({ result, welcomePreferencesToken: null });
  const [row] = await db.select().from(subscribers).where(eq(subscribers.email, email)).limit(1);
  if (!row?.verificationToken || !safeEqual(row.verificationToken, hashToken(token))) return answer("invalid");
  if (row.isVerified && row.isSubscribed) return answer("verified");
  if (!row.verificationSentAt || now.getTime() - row.verificationSentAt.getTime() > VERIFICATION_TTL_MS) return answer("expired");
  // the one request that turns this consent into a confirmed fan queues subscriber.confirmed with it (webhooks, issue 26)
  await db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(subscribers)
      .set({ isVerified: true, isSubscribed: true, verifiedAt: now, verifyIp: ip, unsubscribedAt: null })
      .where(and(eq(subscribers.id, row.id), or(eq(subscribers.isVerified, false), eq(subscribers.isSubscribed, false))))
      .returning({ id: subscribers.id, email: subscribers.email, name: subscribers.name });
    if (confirmed) await raiseEvent(tx, "subscriber.confirmed", { id: confirmed.id, email: confirmed.email, name: confirmed.name });
  });
  // The welcome mail: only the request whose update sets welcome_sent_at sends it, so two
  // requests (or two instances) verifying at once send one. A new signup clears it (subscribe()).
  const preferencesToken = newToken();
  const [claimed] = await db
    .update(subscribers)
    .set({ welcomeSentAt: now, preferencesToken: hashToken(preferencesToken) })
    .where(and(eq(subscribers.id, row.id), isNull(subscribers.welcomeSentAt), eq(subscribers.isVerified, true), eq(subscribers.isSubscribed, true)))
    .returning({ id: subscribers.id });
  return { result: "verified", welcomePreferencesToken: claimed ? preferencesToken : null };
}

/**
 * Unsubscribes whoever the token belongs to: a per-mail newsletter token or the token sent
 * with the verification mail. Pending newsletter mails to them are skipped, and their
 * verification link stops working. Idempotent.
 */
export async function unsubscribeByToken(db: Db, token: string, now = new Date()): Promise<boolean> {
  const hash = hashToken(token);
  const delivery = await deliveryOfToken(db, "unsubscribe", hash);
  let subscriberId = delivery?.subscriberId ?? null;
  if (!subscriberId) {
    const [row] = await db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.unsubscribeToken, hash)).limit(1);
    subscriberId = row?.id ?? null;
  }
  if (!subscriberId) return Boolean(delivery); // a deleted subscriber is already off the list
  await db.transaction(async (tx) => {
    const [left] = await tx
      .update(subscribers)
      .set({ isSubscribed: false, unsubscribedAt: now })
      .where(and(eq(subscribers.id, subscriberId), eq(subscribers.isSubscribed, true)))
      .returning({ id: subscribers.id, email: subscribers.email, isVerified: subscribers.isVerified });
    // told once, by the request that took a confirmed fan off the list (webhooks, issue 26)
    if (left?.isVerified) await raiseEvent(tx, "subscriber.unsubscribed", { id: left.id, email: left.email });
    // The verification link still in their inbox must not put them back on the list:
    // coming back takes a new signup and a new confirmation.
    await tx.update(subscribers).set({ verificationToken: null }).where(eq(subscribers.id, subscriberId));
    await skipPendingDeliveries(tx as unknown as Db, [subscriberId], "unsubscribed");
  });
  return true;
}

export async function listSubscribers(db: Db) {
  const rows = await db.select().from(subscribers).orderBy(desc(subscribers.subscribedAt), desc(subscribers.id));
  return rows.map(toSubscriber);
}

export async function findSubscriber(db: Db, id: number) {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.id, id)).limit(1);
  return row ? toSubscriber(row) : null;
}

export async function deleteSubscriber(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await skipPendingDeliveries(tx as unknown as Db, [id], "subscriber deleted");
    const deleted = await tx.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id });
    return deleted.length > 0;
  });
}

/** Pages through every subscriber by id, a bounded page at a time (for the streaming export). */
export async function* allSubscribersPaged(db: Db, pageSize = 1000) {
  let after = 0;
  for (;;) {
    const page = await db.select().from(subscribers).where(gt(subscribers.id, after)).orderBy(asc(subscribers.id)).limit(pageSize);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1].id;
    if (page.length < pageSize) return;
  }
}

export async function subscriberStats(db: Db) {
  const [row] = await db
    .select({
      total: count(),
      verified: sql<number>`count(*) filter (where ${subscribers.isVerified} and ${subscribers.isSubscribed})`.mapWith(Number),
      shows: sql<number>`count(*) filter (where ${subscribers.showsInterest})`.mapWith(Number),
      releases: sql<number>`count(*) filter (where ${subscribers.releasesInterest})`.mapWith(Number),
      merch: sql<number>`count(*) filter (where ${subscribers.merchInterest})`.mapWith(Number),
      bounced: sql<number>`count(*) filter (where ${subscribers.bouncedAt} is not null)`.mapWith(Number),
    })
    .from(subscribers);
  const topRegions = await db
    .select({ region: sql<string>`${subscribers.region}`, count: count() })
    .from(subscribers)
    .where(isNotNull(subscribers.region))
    .groupBy(subscribers.region)
    .orderBy(desc(count()), asc(subscribers.region))
    .limit(TOP_REGIONS);
  return { ...row, topRegions };
}

/** How many regions the stats card lists. */
const TOP_REGIONS = 5;

/** Clears a bounce, so newsletters reach the address again; null when there is no such subscriber. */
export async function reactivateSubscriber(db: Db, id: number) {
  const [row] = await db.update(subscribers).set({ bouncedAt: null, bounceReason: null }).where(eq(subscribers.id, id)).returning();
  return row ? toSubscriber(row) : null;
}

/** A fan an import added, claimed for their verification mail, with the raw tokens to put in it. */
export interface ImportVerificationMail {
  id: number;
  email: string;
  verifyToken: string;
  unsubscribeToken: string;
}

/**
 * Claims up to `want` fans whose verification mail an import left due (verification_mail_due),
 * in one statement: FOR UPDATE SKIP LOCKED, so two instances never claim the same fan; the flag
 * is cleared, and the eligible ones (still subscribed, not verified, not bounced) get fresh
 * verification and unsubscribe tokens the way subscribe() mints them. `rows` are those to mail,
 * `claimed` counts every flag cleared (0: nothing was due).
 */
export async function claimImportVerificationMails(db: Db, want: number): Promise<{ rows: ImportVerificationMail[]; claimed: number }> {
  const tokens = Array.from({ length: want }, () => ({ verify: newToken(), unsubscribe: newToken() }));
  // hex digests: nothing to quote in an array literal
  const verifyHashes = `{${tokens.map((t) => hashToken(t.verify)).join(",")}}`;
  const unsubscribeHashes = `{${tokens.map((t) => hashToken(t.unsubscribe)).join(",")}}`;
  const eligible = sql`(s.is_subscribed and not s.is_verified and s.bounced_at is null)`;
  const result = await db.execute(sql`
    with picked as (
      select p.id, row_number() over ()::integer as n from (
        select id from ${subscribers} where verification_mail_due order by id limit ${want}::integer for update skip locked
      ) as p
    )
    update ${subscribers} as s set
      verification_mail_due = false,
      verification_token = case when ${eligible} then (${verifyHashes}::text[])[p.n] else s.verification_token end,
      unsubscribe_token = case when ${eligible} then (${unsubscribeHashes}::text[])[p.n] else s.unsubscribe_token end,
      verification_sent_at = case when ${eligible} then now() else s.verification_sent_at end
    from picked as p
    where s.id = p.id
    returning s.id, s.email, p.n, ${eligible} as eligible`);
  const raw = (result as unknown as { rows: { id: number; email: string; n: number; eligible: boolean }[] }).rows;
  const rows = raw
    .filter((r) => r.eligible)
    .map((r) => ({ id: Number(r.id), email: String(r.email), verifyToken: tokens[Number(r.n) - 1].verify, unsubscribeToken: tokens[Number(r.n) - 1].unsubscribe }));
  return { rows, claimed: raw.length };
}

/** Sets the flag again for a later round (their send failed for a reason worth retrying). */
export async function markVerificationMailsDue(db: Db, ids: number[]) {
  if (ids.length > 0) await db.update(subscribers).set({ verificationMailDue: true }).where(inArray(subscribers.id, ids));
}

/** The address was refused for good: newsletters skip it until an admin reactivates it. */
export async function markBounced(db: Db, id: number, reason: string) {
  await db.update(subscribers).set({ bouncedAt: new Date(), bounceReason: reason }).where(eq(subscribers.id, id));
}

/** Everyone still on the list (the dashboard's count: unsubscribed addresses are not subscribers). */
export async function countSubscribed(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscribers).where(eq(subscribers.isSubscribed, true));
  return Number(row.n);
}

/**
 * New subscribers per source over the band's days from..to (the stats report, issue 23): the
 * source the form recorded, 'unknown' for form sign-ups before it did, 'import' for CSV imports.
 */
export async function signupsBySource(db: Db, from: string, to: string, timeZone: string): Promise<{ source: string; count: number }[]> {
  const source = sql<string>`coalesce(${subscribers.signupSource}, case when ${subscribers.consentSource} = 'form' then 'unknown' else 'import' end)`;
  const day = sql`(${subscribers.subscribedAt} at time zone ${timeZone})::date`;
  const rows = await db
    .select({ source, count: count() })
    .from(subscribers)
    .where(sql`${subscribers.subscribedAt} is not null and ${day} between ${from}::date and ${to}::date`)
    .groupBy(source)
    .orderBy(sql`2 desc`, source);
  return rows.map((r) => ({ source: r.source, count: Number(r.count) }));
}

/**
 * Subscribers of `region` (shared/regions.ts) who joined on or after the band's day `since` (the
 * stats' per-show figure, issue 23). Counted: the table's 'verified' status only (confirmed, still
 * subscribed, not bounced: the fans a newsletter to that region reaches), not pending or gone ones.
 */
export async function subscribersInRegionSince(db: Db, region: string, since: string, timeZone: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.region, region),
        eq(subscribers.isVerified, true),
        eq(subscribers.isSubscribed, true),
        isNull(subscribers.bouncedAt),
        sql`(${subscribers.subscribedAt} at time zone ${timeZone})::date >= ${since}::date`,
      ),
    );
  return Number(row.n);
}
