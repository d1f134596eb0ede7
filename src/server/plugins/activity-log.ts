import { lt } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { activityLog } from "../db/schema";
import { sameValue } from "../lib/activity-words";
import { bandTimeZone } from "../services/settings";
import { isReplayed } from "./repeated-writes";
import { isWrite, type ActivityContext, type ActivityDeclaration } from "./route-effects";

/**
 * The back office's activity log (issue 13): who did what, when, in a band's words (issue 21).
 * Every admin write route declares how it is told (`config.activity`, plugins/route-effects.ts:
 * its resource, the record before, the sentence); the hooks here read that declaration and write
 * one entry per successful write. Sign-in and sign-out sit outside the admin scope and call
 * `recordActivity` themselves.
 */

export interface ActivityRecord {
  userId: number | null;
  username: string;
  action: string;
  resource: string;
  recordId?: string | null;
  summary?: string | null;
  /** what the person did, in a band's words, without their name: 'signed in' */
  description?: string | null;
  changes?: Record<string, unknown> | null;
}

/** Writes one entry. A log that cannot be written must never fail what the admin did: it warns. */
export async function recordActivity(app: FastifyInstance, entry: ActivityRecord) {
  try {
    await app.db.insert(activityLog).values({
      userId: entry.userId,
      username: entry.username,
      action: entry.action,
      resource: entry.resource,
      recordId: entry.recordId ?? null,
      summary: entry.summary ?? null,
      description: entry.description ?? null,
      changes: entry.changes ?? null,
    });
  } catch (err) {
    app.log.warn({ err, action: entry.action, resource: entry.resource }, "activity log entry not written");
  }
}

/**
 * Removes the entries older than `retentionDays` (ACTIVITY_LOG_RETENTION_DAYS, issue 20), run
 * periodically from background.ts. Returns how many went.
 */
export async function purgeActivityLog(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const gone = await db.delete(activityLog).where(lt(activityLog.createdAt, cutoff)).returning({ id: activityLog.id });
  return gone.length;
}

/**
 * A field whose name says it holds a secret; it and everything under it are left out of every
 * entry (a route may name more: `config.activity.secrets`).
 */
export const SECRET_FIELD = /pass(word)?|token|secret|csrf|hash|api[-_]?key|smtp|credential|private/i;
const MAX_TEXT = 300;
const MAX_DEPTH = 4;

/** The changed fields without secrets, long texts shortened (a newsletter's body is not the log's job). */
export function withoutSecrets(value: unknown, depth = 0, secrets: ReadonlySet<string> = new Set()): unknown {
  if (typeof value === "string") return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "…";
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => withoutSecrets(v, depth + 1, secrets));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!SECRET_FIELD.test(key) && !secrets.has(key)) out[key] = withoutSecrets(v, depth + 1, secrets);
  return out;
}

type Data = Record<string, unknown>;
const isRecord = (v: unknown): v is Data => Boolean(v) && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date);

/**
 * The fields the write set, as saved (issue 20: not the request body as sent). A field the
 * answer's record carries is logged with the record's value (a price '15' saved as '15.00'); a
 * field it does not carry keeps the validated input. With the record as it was before
 * (`before`), only the fields whose value differs from it: a form sends every field, the log
 * should say which ones the admin changed.
 */
export function changesOf(body: unknown, before?: Data | null, saved?: Data | null): Record<string, unknown> | null {
  if (!isRecord(body)) return null;
  const values = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, saved && key in saved ? saved[key] : value]));
  const changed = before ? Object.fromEntries(Object.entries(values).filter(([key, value]) => !(key in before) || !sameValue(value, before[key]))) : values;
  return Object.keys(changed).length > 0 ? changed : null;
}

/** The record before the write (preHandler) and the answer as the handler returned it (preSerialization). */
const beforeOf = new WeakMap<FastifyRequest, unknown>();
const answerOf = new WeakMap<FastifyRequest, Data>();

const declarationOf = (request: FastifyRequest): ActivityDeclaration | null => {
  const declared = request.routeOptions.config?.activity;
  return declared && isWrite(request) ? declared : null;
};

function defaultAction(method: string) {
  if (method === "POST") return "create";
  if (method === "DELETE") return "delete";
  return "update";
}

function defaultRecordId(params: Data, after: unknown) {
  const id = params.id ?? params.key ?? (isRecord(after) ? after.id : undefined);
  return typeof id === "string" || typeof id === "number" ? id : null;
}

/** Builds the entry a successful write declared; null when its `describe` says nothing happened. */
async function entryFor(app: FastifyInstance, request: FastifyRequest, declared: ActivityDeclaration): Promise<ActivityRecord | null> {
  const user = request.auth!.user;
  const answer = answerOf.get(request) ?? {};
  const ctx: ActivityContext = {
    username: user.username,
    before: beforeOf.get(request) ?? null,
    after: isRecord(answer.data) || Array.isArray(answer.data) ? answer.data : null,
    answer,
    body: request.body ?? null,
    params: (request.params ?? {}) as Data,
    query: (request.query ?? {}) as Data,
    timeZone: await bandTimeZone(app.db),
  };
  const description = await declared.describe(ctx);
  if (description === null) return null;
  const action = typeof declared.action === "function" ? declared.action(ctx) : (declared.action ?? defaultAction(request.method));
  const id = declared.recordId ? declared.recordId(ctx) : defaultRecordId(ctx.params, ctx.after);
  const secrets = new Set(declared.secrets ?? []);
  const raw = declared.changes === false ? null : declared.changes ? declared.changes(ctx) : changesOf(ctx.body, isRecord(ctx.before) ? ctx.before : null, isRecord(ctx.after) ? ctx.after : null);
  const clean = raw ? (withoutSecrets(raw, 0, secrets) as Data) : null;
  return {
    userId: user.id,
    username: user.username,
    action,
    resource: declared.resource,
    recordId: id === null || id === undefined ? null : String(id),
    summary: declared.summary?.(ctx) ?? null,
    description,
    changes: clean && Object.keys(clean).length > 0 ? clean : null,
  };
}

/** Registers the hooks on the admin scope (after the guard has set `request.auth`). */
export function registerActivityLog(admin: FastifyInstance, app: FastifyInstance) {
  admin.addHook("preHandler", async (request) => {
    const declared = declarationOf(request);
    if (!declared?.before) return;
    try {
      beforeOf.set(request, (await declared.before({ params: request.params, body: request.body, query: (request.query ?? {}) as Data })) ?? null);
    } catch (err) {
      request.log.warn({ err }, "activity log: record before the write not read");
    }
  });
  admin.addHook("preSerialization", async (request, _reply, payload) => {
    if (declarationOf(request) && isRecord(payload)) answerOf.set(request, payload);
    return payload;
  });
  admin.addHook("onSend", async (request, reply, payload) => {
    const declared = declarationOf(request);
    // a kept answer sent again (plugins/repeated-writes.ts) did nothing this time
    if (!declared || !request.auth || reply.statusCode < 200 || reply.statusCode >= 300 || isReplayed(reply)) return payload;
    try {
      const entry = await entryFor(app, request, declared);
      if (entry) await recordActivity(app, entry);
    } catch (err) {
      request.log.warn({ err }, "activity log entry not written");
    }
    return payload;
  });
}
