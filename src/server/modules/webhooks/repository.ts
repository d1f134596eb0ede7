import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { WebhookEvent, WebhookFormat } from "@shared/webhooks";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { newEventId } from "../../services/webhook-events";

/*
 * Every query of the webhook tables (issue 26, decision 040), but the outbox insert of an event,
 * which is services/webhook-events.ts (other modules call it). The worker's statements: `claimDue`
 * (a lease per claim), `recordSuccess` / `recordFailure` (only under the claim they were given).
 */

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How many deliveries of each endpoint the list shows. */
export const RECENT_DELIVERIES = 10;

/** Retries: ~5 s, ~30 s, then x4 each time (2 min, 8 min, 32 min, ~2 h) up to 6 h apart, for a day. */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
export function retryDelayMs(attempts: number): number {
  if (attempts <= 1) return 5_000;
  if (attempts === 2) return 30_000;
  return Math.min(30_000 * 4 ** (attempts - 2), 6 * 60 * 60 * 1000);
}

export function toDelivery(r: DeliveryRow) {
  return {
    id: r.id,
    eventId: r.eventId,
    eventType: r.eventType,
    status: r.status as "pending" | "sending" | "delivered" | "failed",
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    lastAttemptAt: r.lastAttemptAt,
    nextAttemptAt: r.status === "pending" ? r.nextAttemptAt : null,
    deliveredAt: r.deliveredAt,
    manual: r.manual,
    createdAt: r.createdAt,
  };
}
export type Delivery = ReturnType<typeof toDelivery>;

export function toEndpoint(r: EndpointRow, deliveries: DeliveryRow[] = []) {
  return {
    id: r.id,
    url: r.url,
    events: r.events,
    format: r.format as WebhookFormat,
    includeMessage: r.includeMessage,
    paused: r.pausedAt !== null,
    pausedReason: r.pausedReason,
    pausedAt: r.pausedAt,
    failingSince: r.failingSince,
    createdAt: r.createdAt,
    deliveries: deliveries.map(toDelivery),
  };
}
export type Endpoint = ReturnType<typeof toEndpoint>;

/** Every endpoint, oldest first, each with its latest deliveries. */
export async function listEndpoints(db: Db): Promise<Endpoint[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
  if (rows.length === 0) return [];
  const recent = await db.execute(sql`
    select d.* from ${webhookEndpoints} e
    cross join lateral (
      select * from ${webhookDeliveries} x where x.endpoint_id = e.id order by x.created_at desc, x.id desc limit ${RECENT_DELIVERIES}
    ) d`);
  const byEndpoint = new Map<number, DeliveryRow[]>();
  for (const raw of (recent as unknown as { rows: Record<string, unknown>[] }).rows) {
    const row = deliveryFromSql(raw);
    byEndpoint.set(row.endpointId, [...(byEndpoint.get(row.endpointId) ?? []), row]);
  }
  return rows.map((r) => toEndpoint(r, byEndpoint.get(r.id)));
}

const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

function deliveryFromSql(r: Record<string, unknown>): DeliveryRow {
  return {
    id: Number(r.id),
    endpointId: Number(r.endpoint_id),
    eventId: String(r.event_id),
    eventType: String(r.event_type),
    body: String(r.body),
    status: String(r.status),
    attempts: Number(r.attempts),
    nextAttemptAt: date(r.next_attempt_at)!,
    claimToken: (r.claim_token as string) ?? null,
    leaseExpiresAt: date(r.lease_expires_at),
    lastAttemptAt: date(r.last_attempt_at),
    lastStatusCode: r.last_status_code === null || r.last_status_code === undefined ? null : Number(r.last_status_code),
    lastError: (r.last_error as string) ?? null,
    deliveredAt: date(r.delivered_at),
    manual: (r.manual as string) ?? null,
    createdAt: date(r.created_at)!,
  };
}

export async function findEndpoint(db: Db, id: number): Promise<Endpoint | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  if (!row) return null;
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(RECENT_DELIVERIES);
  return toEndpoint(row, deliveries);
}

export async function createEndpoint(db: Db, e: { url: string; events: WebhookEvent[]; format: WebhookFormat; includeMessage: boolean; secret: string }) {
  const [row] = await db.insert(webhookEndpoints).values(e).returning({ id: webhookEndpoints.id });
  return row.id;
}

export async function updateEndpoint(db: Db, id: number, e: { url?: string; events?: WebhookEvent[]; format?: WebhookFormat; includeMessage?: boolean; paused?: boolean }) {
  const { paused, ...fields } = e;
  const pause =
    paused === true
      ? { pausedAt: sql`coalesce(${webhookEndpoints.pausedAt}, now())`, pausedReason: sql`coalesce(${webhookEndpoints.pausedReason}, 'admin')` }
      : paused === false
        ? { pausedAt: null, pausedReason: null, failingSince: null }
        : {};
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...fields, ...pause, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return row ? findEndpoint(db, id) : null;
}

export async function deleteEndpoint(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The endpoint with its secret: for the worker and the test send only, never an answer. */
export async function endpointForSending(db: Db, id: number): Promise<EndpointRow | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  return row ?? null;
}

export interface Claimed {
  id: number;
  endpointId: number;
  eventId: string;
  eventType: string;
  body: string;
  attempts: number;
  createdAt: Date;
  manual: string | null;
  claimToken: string;
  url: string;
  secret: string;
  format: WebhookFormat;
}

/**
 * One statement: takes up to `want` deliveries that are due (pending, their time come) or left
 * behind (sending, the lease of an instance that died has run out), of endpoints not paused, and
 * marks them 'sending' under a fresh claim token with a lease of `leaseSeconds`, one attempt
 * more. FOR UPDATE SKIP LOCKED: two instances never take the same row nor wait for each other.
 */
export async function claimDue(db: Db, want: number, leaseSeconds: number): Promise<Claimed[]> {
  const token = randomUUID();
  const result = await db.execute(sql`
    with due as (
      select d.id from ${webhookDeliveries} d
      join ${webhookEndpoints} e on e.id = d.endpoint_id
      where e.paused_at is null
        and d.next_attempt_at <= now()
        and (d.status = 'pending' or (d.status = 'sending' and d.lease_expires_at < now()))
      order by d.next_attempt_at, d.id
      limit ${want}
      for update of d skip locked
    )
    update ${webhookDeliveries} d
    set status = 'sending', claim_token = ${token}, lease_expires_at = now() + make_interval(secs => ${leaseSeconds}),
        attempts = d.attempts + 1, last_attempt_at = now()
    from due, ${webhookEndpoints} e
    where d.id = due.id and e.id = d.endpoint_id
    returning d.id, d.endpoint_id, d.event_id, d.event_type, d.body, d.attempts, d.created_at, d.manual, e.url, e.secret, e.format`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: Number(r.id),
    endpointId: Number(r.endpoint_id),
    eventId: String(r.event_id),
    eventType: String(r.event_type),
    body: String(r.body),
    attempts: Number(r.attempts),
    createdAt: date(r.created_at)!,
    manual: (r.manual as string) ?? null,
    claimToken: token,
    url: String(r.url),
    secret: String(r.secret),
    format: String(r.format) as WebhookFormat,
  }));
}

/** A 2xx: delivered, once (only under the claim it was sent with); the endpoint works again. */
export async function recordSuccess(db: Db, c: Pick<Claimed, "id" | "endpointId" | "claimToken">, statusCode: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(webhookDeliveries)
      .set({ status: "delivered", deliveredAt: sql`now()`, lastStatusCode: statusCode, lastError: null, claimToken: null, leaseExpiresAt: null })
      .where(and(eq(webhookDeliveries.id, c.id), eq(webhookDeliveries.claimToken, c.claimToken), eq(webhookDeliveries.status, "sending")))
      .returning({ id: webhookDeliveries.id });
    if (done) await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, c.endpointId));
    return Boolean(done);
  });
}

/**
 * A failed attempt: tried again after retryDelayMs(attempts), never later than a day after the
 * event, then given up ('failed'). The endpoint is marked failing since its first failure; one
 * failing for a day is paused, and the answer says so (once: only the statement that paused it),
 * so the caller tells the admins.
 */
export async function recordFailure(
  db: Db,
  c: Pick<Claimed, "id" | "endpointId" | "claimToken" | "attempts" | "manual">,
  outcome: { statusCode: number | null; error: string },
  opts: { retryDelayMs?: (attempts: number) => number; retryForMs?: number; pauseAfterMs?: number } = {},
): Promise<{ recorded: boolean; pausedEndpoint: boolean }> {
  const delayMs = (opts.retryDelayMs ?? retryDelayMs)(c.attempts);
  const forMs = opts.retryForMs ?? RETRY_FOR_MS;
  const pauseAfterMs = opts.pauseAfterMs ?? RETRY_FOR_MS;
  return db.transaction(async (tx) => {
    const deadline = sql`${webhookDeliveries.createdAt} + make_interval(secs => ${forMs / 1000})`;
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        status: c.manual === "test" ? "failed" : sql`case when now() >= ${deadline} then 'failed' else 'pending' end`,
        nextAttemptAt: sql`least(now() + make_interval(secs => ${delayMs / 1000}), greatest(${deadline}, now()))`,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error.slice(0, 500),
        claimToken: null,
        leaseExpiresAt: null,
      })
      .where(and(eq(webhookDeliveries.id, c.id), eq(webhookDeliveries.claimToken, c.claimToken), eq(webhookDeliveries.status, "sending")))
      .returning({ id: webhookDeliveries.id });
    if (!row) return { recorded: false, pausedEndpoint: false };
    if (c.manual === "test") return { recorded: true, pausedEndpoint: false };
    await tx.update(webhookEndpoints).set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` }).where(eq(webhookEndpoints.id, c.endpointId));
    const [paused] = await tx
      .update(webhookEndpoints)
      .set({ pausedAt: sql`now()`, pausedReason: "failing" })
      .where(and(eq(webhookEndpoints.id, c.endpointId), sql`${webhookEndpoints.pausedAt} is null`, sql`${webhookEndpoints.failingSince} <= now() - make_interval(secs => ${pauseAfterMs / 1000})`))
      .returning({ id: webhookEndpoints.id });
    return { recorded: true, pausedEndpoint: Boolean(paused) };
  });
}

/** A test delivery of `body` for the admin's 'Send test', claimed at once by the request that sends it. */
export async function insertTestDelivery(db: Db, endpointId: number, eventType: string, body: string): Promise<{ id: number; eventId: string; claimToken: string }> {
  const claimToken = randomUUID();
  const eventId = newEventId();
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, eventId, eventType, body, status: "sending", attempts: 1, claimToken, leaseExpiresAt: sql`now() + interval '60 seconds'`, lastAttemptAt: sql`now()`, manual: "test" })
    .returning({ id: webhookDeliveries.id });
  return { id: row.id, eventId, claimToken };
}

/** Queues an earlier delivery again: a new row with the same event id and body (the receiver may drop it as a duplicate). */
export async function resendDelivery(db: Db, endpointId: number, deliveryId: number) {
  const [old] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1);
  if (!old) return null;
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, eventId: old.eventId, eventType: old.eventType, body: old.body, manual: "resend" })
    .returning();
  return toDelivery(row);
}

export async function findDelivery(db: Db, id: number) {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
  return row ? toDelivery(row) : null;
}

/** Deliveries finished more than `days` ago are dropped (the page shows the latest few; nothing else reads them). */
export async function pruneDeliveries(db: Db, days = 30): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ["delivered", "failed"]), sql`${webhookDeliveries.createdAt} < now() - make_interval(days => ${days})`))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/**
 * At the start of a server on PGlite (one process holds its data dir, so no other instance can be
 * sending): deliveries left 'sending' by the process that stopped are due again now, without
 * waiting for their lease. On PostgreSQL another instance may be sending them: their lease decides.
 */
export async function releaseLeftSending(db: Db): Promise<number> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: "pending", claimToken: null, leaseExpiresAt: null, nextAttemptAt: sql`now()` })
    .where(eq(webhookDeliveries.status, "sending"))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}
