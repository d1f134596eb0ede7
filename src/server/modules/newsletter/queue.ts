import { and, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { executeNamed, type Db } from "../../db/client";
import { newsletterDeliveries, newsletters, shows, subscribers } from "../../db/schema";
import { withinMiles } from "../../db/near";

/*
 * The newsletter delivery queue: one row per recipient, written by the routes (queueNewsletter)
 * and the scheduler (queueDeliveries), worked by worker.ts (the statements further down). The
 * subscribers module asks the rows what it needs through the functions at the end, never by
 * querying them itself.
 */

export interface Targets {
  targetShows: boolean;
  targetReleases: boolean;
  targetMerch: boolean;
  /** only subscribers in these regions (shared/regions.ts); absent or empty: everyone */
  regions?: readonly string[];
  /** only subscribers placed within nearMiles of this show's venue (issue 24); absent: anywhere */
  nearShowId?: number | null;
  nearMiles?: number | null;
}

/** Fans placed within the radius of a show's venue; the show's point read once by PostgreSQL (a show not placed: no one). */
function nearShow(showId: number, miles: number): SQL {
  const centre = { lat: sql`(select ${shows.lat} from ${shows} where ${shows.id} = ${showId})`, lng: sql`(select ${shows.lng} from ${shows} where ${shows.id} = ${showId})` };
  return withinMiles(subscribers.lat, subscribers.lng, centre, miles);
}

/** Verified, still subscribed, matching at least one chosen interest (ARCHITECTURE.md) and, if any are chosen, living in one of the regions. */
export function recipientFilter(t: Targets, opts: { verified?: boolean } = {}): SQL | undefined {
  const interests: SQL[] = [];
  if (t.targetShows) interests.push(eq(subscribers.showsInterest, true));
  if (t.targetReleases) interests.push(eq(subscribers.releasesInterest, true));
  if (t.targetMerch) interests.push(eq(subscribers.merchInterest, true));
  if (interests.length === 0) return undefined;
  const inRegions = t.regions?.length ? inArray(subscribers.region, [...t.regions]) : undefined;
  const near = t.nearShowId && t.nearMiles ? nearShow(t.nearShowId, t.nearMiles) : undefined;
  // a bounced address is skipped until an admin reactivates it
  // verified: false is the same audience still waiting to confirm its address (the composer says how many)
  return and(eq(subscribers.isVerified, opts.verified ?? true), eq(subscribers.isSubscribed, true), isNull(subscribers.bouncedAt), or(...interests), inRegions, near);
}

/** A transaction handle (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

type NewsletterContent = { subject: string; contentHtml: string; contentText: string };

/**
 * Queues a newsletter: the newsletter row and one pending delivery per recipient, in one
 * transaction, so a crash leaves either nothing or the whole list queued.
 */
export async function queueNewsletter(db: Db, n: Targets & NewsletterContent & { createdBy?: string | null }) {
  if (!recipientFilter(n)) return null;
  return db.transaction((tx) => queueNewsletterIn(tx, n));
}

/** The same inside a transaction the caller holds (the places module's nearby mail: claimed and queued in one commit). */
export async function queueNewsletterIn(tx: Tx, n: Targets & NewsletterContent & { createdBy?: string | null }) {
  const [created] = await tx
    .insert(newsletters)
    .values({ ...n, regions: [...(n.regions ?? [])], status: "queued" })
    .returning({ id: newsletters.id });
  return { id: created.id, recipients: await queueDeliveries(tx, created.id, n) };
}

/**
 * Writes one pending delivery per current recipient of newsletter `newsletterId` (whose row is
 * already 'queued') and records the count; with no recipient at all the newsletter is done at
 * once. Used by queueNewsletter and, when a scheduled newsletter's time comes, by the scheduler
 * (inside the transaction that moved it from 'scheduled' to 'queued').
 */
export async function queueDeliveries(tx: Tx, newsletterId: number, t: Targets): Promise<number> {
  const where = recipientFilter(t);
  if (where) {
    await tx.execute(sql`
      insert into ${newsletterDeliveries} (newsletter_id, subscriber_id, email)
      select ${newsletterId}, ${subscribers.id}, ${subscribers.email} from ${subscribers}
      where ${where}
      order by ${subscribers.id}
      on conflict do nothing`);
  }
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.newsletterId, newsletterId));
  await tx
    .update(newsletters)
    .set({ totalRecipients: total, ...(total === 0 ? { status: "done", completedAt: new Date() } : {}) })
    .where(eq(newsletters.id, newsletterId));
  return total;
}

/*
 * The delivery queue, shared by every instance on one database (docs/decisions/005).
 * A row in 'sending' carries the instance that claimed it and a lease; the instance renews the
 * lease while it sends. Claims take pending rows with FOR UPDATE SKIP LOCKED, so two instances
 * never claim the same row and never wait on each other.
 */

export type DeliveryResult = "sent" | "pending" | "failed" | "unknown";

/** What one SMTP exchange came to; `pending` (a retry) waits `retryInMs` first. */
export interface DeliveryOutcome {
  id: number;
  status: DeliveryResult;
  retryInMs?: number;
  /** a retry whose try does not count against the mail's attempts (the relay was unreachable) */
  uncounted?: boolean;
  error: string | null;
  /** a 'failed' send whose recipient was refused for good: the server's reply (see bounces.ts) */
  bounce?: string;
}

export interface ClaimedDelivery {
  id: number;
  newsletterId: number;
  email: string;
  attempts: number;
  /** the personal unsubscribe token of this one mail */
  token: string;
  /** the personal preferences-page token of this one mail (single-purpose, stored hashed) */
  preferencesToken: string;
}

export const LOST_IN_FLIGHT =
  "The server stopped during this delivery; it may or may not have been delivered.";

/**
 * One statement: records the outcomes of finished sends (only rows this instance still holds),
 * then claims up to `want` due pending rows for `instanceId` with a lease of `leaseSeconds`, each
 * with fresh personal unsubscribe and preferences tokens (stored hashed). Both in one commit, so the rows in
 * 'sending' of one instance never outnumber its sending slots. The statement's text is the same
 * every time (the lists travel as parameters), so PostgreSQL parses and plans it once per
 * connection (a named statement).
 */
export async function recordAndClaim(
  db: Db,
  o: { instanceId: string; outcomes: DeliveryOutcome[]; want: number; leaseSeconds: number; mintToken: () => { token: string; hash: string } },
): Promise<ClaimedDelivery[]> {
  const { instanceId, outcomes, leaseSeconds } = o;
  const want = Math.max(0, o.want);
  if (outcomes.length === 0 && want === 0) return [];
  const recorded = JSON.stringify(outcomes.map((x) => ({ id: x.id, status: x.status, retry_ms: x.retryInMs ?? 0, uncounted: x.uncounted === true, error: x.error })));
  const tokens = Array.from({ length: want }, () => o.mintToken());
  const prefTokens = Array.from({ length: want }, () => o.mintToken());
  // hex digests: nothing to quote in an array literal
  const hashes = `{${tokens.map((t) => t.hash).join(",")}}`;
  const prefHashes = `{${prefTokens.map((t) => t.hash).join(",")}}`;
  const result = await executeNamed(db, "newsletter-record-and-claim", sql`
    with recorded as (
      -- 'unknown' too: a neighbour may have given up on a lease this instance was slow to
      -- renew; what actually happened is better than "unknown"
      update ${newsletterDeliveries} as d set
        status = o.status,
        sent_at = case when o.status = 'sent' then now() else d.sent_at end,
        next_attempt_at = case when o.status = 'pending' then now() + o.retry_ms * interval '1 millisecond' else d.next_attempt_at end,
        attempts = case when o.uncounted then d.attempts - 1 else d.attempts end,
        last_error = o.error,
        lease_expires_at = null
      from jsonb_to_recordset(${recorded}::jsonb) as o(id integer, status text, retry_ms integer, uncounted boolean, error text)
      where d.id = o.id and d.claimed_by = ${instanceId} and d.status in ('sending', 'unknown')
      returning d.id
    ),
    picked as (
      -- oldest due first, in the order of the (status, next_attempt_at) index, so the scan
      -- stops after a few rows however long the queue
      select p.id, row_number() over ()::integer as n from (
        select id from ${newsletterDeliveries}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${want}::integer
        for update skip locked
      ) as p
    )
    update ${newsletterDeliveries} as d set
      status = 'sending',
      attempts = d.attempts + 1,
      unsubscribe_token_hash = (${hashes}::text[])[p.n],
      preferences_token_hash = (${prefHashes}::text[])[p.n],
      claimed_by = ${instanceId},
      lease_expires_at = now() + ${leaseSeconds}::float8 * interval '1 second'
    from picked as p
    where d.id = p.id
    returning d.id, d.newsletter_id, d.email, d.attempts, p.n`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    newsletterId: Number(r.newsletter_id),
    email: String(r.email),
    attempts: Number(r.attempts),
    token: tokens[Number(r.n) - 1].token,
    preferencesToken: prefTokens[Number(r.n) - 1].token,
  }));
}

/** Pushes the leases of the rows this instance is sending `leaseSeconds` into the future. */
export async function renewLeases(db: Db, instanceId: string, ids: number[], leaseSeconds: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(newsletterDeliveries)
    .set({ leaseExpiresAt: sql`now() + ${leaseSeconds}::float8 * interval '1 second'` })
    .where(and(inArray(newsletterDeliveries.id, ids), eq(newsletterDeliveries.claimedBy, instanceId), eq(newsletterDeliveries.status, "sending")));
}

/**
 * Rows in flight whose instance is gone: with `all`, every row in 'sending' (PGlite, one
 * process: whatever is in flight at start-up was left by this process's previous life);
 * otherwise those whose lease ran out (or that never had one). They become 'unknown': the mail
 * may have gone out, so they are reported and never resent. Returns the rows marked, by instance.
 */
export async function markLostDeliveries(db: Db, opts: { all: boolean }): Promise<{ claimedBy: string | null; count: number }[]> {
  const expired = opts.all
    ? eq(newsletterDeliveries.status, "sending")
    : and(
        eq(newsletterDeliveries.status, "sending"),
        or(isNull(newsletterDeliveries.leaseExpiresAt), lt(newsletterDeliveries.leaseExpiresAt, sql`now()`)),
      );
  const lost = await db
    .update(newsletterDeliveries)
    .set({ status: "unknown", lastError: LOST_IN_FLIGHT, leaseExpiresAt: null })
    .where(expired)
    .returning({ claimedBy: newsletterDeliveries.claimedBy });
  const byInstance = new Map<string | null, number>();
  for (const r of lost) byInstance.set(r.claimedBy, (byInstance.get(r.claimedBy) ?? 0) + 1);
  return [...byInstance].map(([claimedBy, count]) => ({ claimedBy, count }));
}

/**
 * Fresh planner statistics for the queue after a newsletter's rows were written, so the claim
 * walks the (status, next_attempt_at) index and stops after a few rows instead of sorting every
 * pending row (PGlite never analyzes on its own; PostgreSQL's autovacuum may come late).
 */
export async function analyzeQueue(db: Db): Promise<void> {
  await db.execute(sql`analyze ${newsletterDeliveries}`);
}

/*
 * What the subscribers module asks of the delivery rows (a newsletter mail's personal links
 * name its delivery row; a fan who leaves takes their pending mails with them).
 */

/**
 * The delivery whose personal unsubscribe or preferences token hashes to `hash`: its subscriber,
 * null once that subscriber was deleted (the row outlives them); null when no row has it.
 */
export async function deliveryOfToken(db: Db, kind: "unsubscribe" | "preferences", hash: string): Promise<{ subscriberId: number | null } | null> {
  const column = kind === "unsubscribe" ? newsletterDeliveries.unsubscribeTokenHash : newsletterDeliveries.preferencesTokenHash;
  const [delivery] = await db.select({ subscriberId: newsletterDeliveries.subscriberId }).from(newsletterDeliveries).where(eq(column, hash)).limit(1);
  return delivery ?? null;
}

/** The fans' mails not sent yet are skipped, with `reason` as their last error (they left the list). */
export async function skipPendingDeliveries(db: Db, subscriberIds: number[], reason: string) {
  if (subscriberIds.length === 0) return;
  await db
    .update(newsletterDeliveries)
    .set({ status: "skipped", lastError: reason })
    .where(and(inArray(newsletterDeliveries.subscriberId, subscriberIds), eq(newsletterDeliveries.status, "pending")));
}

/**
 * Blanks a fan's address on the delivery rows that stay for the newsletters' counts
 * ('deleted-<row id>': unique per row, so the (newsletter, email) index holds).
 */
export async function forgetDeliveryAddresses(db: Db, subscriberId: number) {
  await db
    .update(newsletterDeliveries)
    .set({ email: sql`'deleted-' || ${newsletterDeliveries.id}` })
    .where(eq(newsletterDeliveries.subscriberId, subscriberId));
}
