import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { MessageType } from "@shared/categories";
import type { ShowStatus } from "@shared/show-status";
import type { WebhookEvent } from "@shared/webhooks";
import type { Db } from "../db/client";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";

/*
 * Raising a webhook event (issue 26, decision 040): what other modules call when something
 * worth telling happens. It writes one outbox row per endpoint that wants the event, in the
 * caller's transaction when it passes one, so the event is committed with what it tells of, or
 * not at all; the webhooks module's worker (modules/webhooks/worker.ts) sends the rows. Modules
 * never import each other: they call this service, and the webhooks module reads the rows.
 */

/** A transaction handle (what `db.transaction` hands its callback), or the database itself. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A show as an event tells it: what a fan sees, never the presale code. */
export interface ShowEventData {
  id: number;
  venue: string;
  location: string;
  date: string;
  time: string;
  status: ShowStatus;
  price: string;
  eventUrl: string | null;
  url: string;
}

/** What each event's `data` holds. The `message` of message.received goes only to endpoints whose admin chose to include it. */
export interface WebhookEventData {
  "message.received": { id: number; messageType: MessageType; name: string | null; email: string; message: string; url: string };
  "subscriber.confirmed": { id: number; email: string; name: string | null };
  "subscriber.unsubscribed": { id: number; email: string };
  "show.created": { show: ShowEventData };
  /** `changes`: each changed field as it was and is now (the status among them) */
  "show.updated": { show: ShowEventData; changes: Record<string, { from: unknown; to: unknown }> };
  "newsletter.sent": { id: number; subject: string; recipients: number; sent: number; failed: number; unknown: number; skipped: number };
  "release.published": { id: number; title: string; url: string; releaseDate?: string | null };
  "backup.failed": { kind: "scheduled" | "manual"; error: string; scheduledFor: string | null };
}

/** A fan's own words: left out of the body for an endpoint unless its admin chose to include them. */
const FANS_WORDS: Partial<Record<WebhookEvent, string[]>> = { "message.received": ["message"] };

/** msg_ and 32 hex digits: the `webhook-id` of an event, the same for every endpoint and attempt. */
export function newEventId(): string {
  return `msg_${randomUUID().replace(/-/g, "")}`;
}

/** The event body as Standard Webhooks receivers expect it: `{ type, timestamp, data }`. */
export function eventBody(type: string, data: unknown, at: Date = new Date()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * Queues `type` for every endpoint that wants it and is not paused, in one statement (in `db`'s
 * transaction when it is one). Answers how many deliveries were queued. An endpoint paused when
 * the event happens does not get it later: a pause stops the flow rather than hoarding it.
 */
export async function raiseEvent<T extends WebhookEvent>(db: DbOrTx, type: T, data: WebhookEventData[T], at: Date = new Date()): Promise<number> {
  const eventId = newEventId();
  const full = eventBody(type, data, at);
  const withheld = FANS_WORDS[type];
  const redacted = withheld ? eventBody(type, Object.fromEntries(Object.entries(data).filter(([k]) => !withheld.includes(k))), at) : full;
  const result = await db.execute(sql`
    insert into ${webhookDeliveries} (endpoint_id, event_id, event_type, body)
    select e.id, ${eventId}, ${type}, case when e.include_message then ${full} else ${redacted} end
    from ${webhookEndpoints} e
    where e.paused_at is null and ${type} = any(e.events)
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** The hook the releases module calls when a release goes public (issue 26: release.published). */
export function raiseReleasePublished(db: DbOrTx, release: WebhookEventData["release.published"]): Promise<number> {
  return raiseEvent(db, "release.published", release);
}

/** The show fields an event carries, from a shows row (never the presale code). */
export function showEventData(
  row: { id: number; venue: string; location: string; date: string; time: string; status: ShowStatus; price: string; eventUrl: string | null },
  publicUrl: string,
): ShowEventData {
  return { id: row.id, venue: row.venue, location: row.location, date: row.date, time: row.time, status: row.status, price: row.price, eventUrl: row.eventUrl, url: `${publicUrl}/shows` };
}

/** What an edit changed, as show.updated tells it; empty when nothing a fan sees changed. */
export function showChanges(before: ShowEventData, after: ShowEventData): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ["venue", "location", "date", "time", "status", "price", "eventUrl"] as const) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}
