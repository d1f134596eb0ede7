import { and, desc, eq, isNotNull, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { formatDate } from "@shared/format";
import type { Db } from "../db/client";
import { activityLog } from "../db/schema";

/**
 * The back office's activity log (issue 13): one generic onSend hook in the admin scope records
 * every successful write (who, what, which record, the changed fields), so no module has to
 * remember to. Sign-in and sign-out sit outside the admin scope and call `recordActivity`.
 */

export interface ActivityRecord {
  userId: number | null;
  username: string;
  action: string;
  resource: string;
  recordId?: string | null;
  summary?: string | null;
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

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Writes that change nothing a person would look for (a preview, a file only checked so far), and
 * the newsletter composer's autosaves (issue 21: one every few seconds of typing would bury
 * everything else; the draft's send or discard is recorded).
 */
const NOT_RECORDED = new Set(["POST /api/newsletter/render", "POST /api/subscribers/import", "POST /api/newsletter/drafts", "PUT /api/newsletter/drafts/:id"]);

// URL names that differ from the resource a person thinks of
const RESOURCE_ALIASES: Record<string, string> = { newsletters: "newsletter", upload: "uploads" };

/** Routes whose URL does not say what a person would call it. */
const NAMED_ROUTES: Record<string, { resource: string; action: string }> = {
  "PUT /api/admin/password": { resource: "account", action: "change password" },
  // Auto-Add Homepage Lyrics: a create when it adds the entry (it answers 200 without adding when it exists)
  "POST /api/lyrics/homepage": { resource: "lyrics", action: "create" },
  "DELETE /api/newsletter/drafts/:id": { resource: "newsletter draft", action: "discard" },
};

/** A field whose name says it holds a secret; it and everything under it are left out. */
const SECRET_FIELD = /pass(word)?|token|secret|csrf|hash|api[-_]?key/i;
const MAX_TEXT = 300;
const MAX_DEPTH = 4;

/** The changed fields without secrets, long texts shortened (a newsletter's body is not the log's job). */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "…";
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => withoutSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!SECRET_FIELD.test(key)) out[key] = withoutSecrets(v, depth + 1);
  return out;
}

/**
 * What a route does, from its URL pattern: `/api/shows/:id` -> resource 'shows';
 * `/api/lyrics/:id/publish` -> action 'publish'; otherwise create / update / delete by method.
 * `/api/users/:id/active` says activate or deactivate from the body.
 */
export function describeWrite(method: string, pattern: string, body: unknown): { resource: string; action: string } {
  const named = NAMED_ROUTES[`${method} ${pattern}`];
  if (named) return named;
  const segments = pattern.split("?")[0].split("/").filter(Boolean).slice(1); // drop "api"
  if (segments[0] === "admin" && segments.length > 1) segments.shift(); // /api/admin/messages -> messages
  const [first = "unknown", ...rest] = segments;
  const resource = RESOURCE_ALIASES[first] ?? first;
  const verb = [...rest].reverse().find((s) => !s.startsWith(":"));
  if (method === "DELETE") return { resource, action: "delete" };
  if (verb === "active") return { resource, action: (body as { isActive?: unknown } | null)?.isActive === false ? "deactivate" : "activate" };
  if (verb === "read") return { resource, action: "mark read" };
  // a newsletter for later is scheduled, not sent (issue 21); a preview is only a preview
  if (verb === "send") {
    const send = (body ?? {}) as { previewEmail?: unknown; scheduledAt?: unknown };
    return { resource, action: send.previewEmail ? "send preview" : send.scheduledAt ? "schedule" : "send" };
  }
  if (verb) return { resource, action: verb };
  return { resource, action: method === "POST" ? "create" : "update" };
}

type Data = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** How a person names the record, from the answer's `data` (a show by venue and date). */
export function summarize(data: Data | null): string | null {
  if (!data) return null;
  const venue = str(data.venue);
  if (venue) {
    const date = str(data.date);
    return date ? `${venue} on ${formatDate(date)}` : venue;
  }
  const title = str(data.title) ?? str(data.name) ?? str(data.subject) ?? str(data.username) ?? str(data.email) ?? str(data.key);
  return title && title.length > 120 ? `${title.slice(0, 120)}…` : title;
}

function answerData(payload: unknown): Data | null {
  if (typeof payload !== "string" || !payload.startsWith("{")) return null;
  try {
    const data = (JSON.parse(payload) as { data?: unknown }).data;
    return data && typeof data === "object" && !Array.isArray(data) ? (data as Data) : null;
  } catch {
    return null;
  }
}

function recordIdOf(request: FastifyRequest, data: Data | null): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const fromUrl = params.id ?? params.key ?? Object.values(params)[0];
  const id = fromUrl ?? data?.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
}

/** A deleted record's answer names nothing: reuse the name it had in its last entry. */
async function lastSummary(db: Db, resource: string, recordId: string) {
  const [row] = await db
    .select({ summary: activityLog.summary })
    .from(activityLog)
    .where(and(eq(activityLog.resource, resource), eq(activityLog.recordId, recordId), isNotNull(activityLog.summary)))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(1);
  return row?.summary ?? null;
}

/** '' / null / undefined are one "empty"; numbers and their text ('15' and 15.00 as '15.00') compare as text. */
function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === "";
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  const na = Number(a);
  const nb = Number(b);
  if (typeof a !== "boolean" && typeof b !== "boolean" && !Number.isNaN(na) && !Number.isNaN(nb)) return na === nb;
  return String(a) === String(b);
}

/**
 * The fields the write set, as saved, without secrets (issue 20: not the request body as sent).
 * A field the answer's record carries is logged with the record's value, the saved and normalised
 * one (a price '15' saved as '15.00', a video link saved as its embed); a field the answer does not
 * carry keeps the validated input. For an update whose record was read before (`before`), only the
 * fields whose value differs from it: a form sends every field, the log should say which ones the
 * admin changed.
 */
export function changesOf(body: unknown, before?: Data | null, saved?: Data | null): Record<string, unknown> | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const values = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, saved && key in saved ? saved[key] : value]));
  const clean = withoutSecrets(values) as Record<string, unknown>;
  const changed = before ? Object.fromEntries(Object.entries(clean).filter(([key, value]) => !(key in before) || !sameValue(value, before[key]))) : clean;
  return Object.keys(changed).length > 0 ? changed : null;
}

/** The record as it was before an update, read through the resource's own GET (same URL, same caller). */
const recordBefore = new WeakMap<FastifyRequest, Data>();

async function readBefore(app: FastifyInstance, request: FastifyRequest) {
  const headers: Record<string, string> = {};
  for (const name of ["authorization", "cookie"] as const) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const res = await app.inject({ method: "GET", url: request.url, headers });
  if (res.statusCode === 200) {
    const data = answerData(res.body);
    if (data) recordBefore.set(request, data);
  }
}

/** Registers the hook on the admin scope (after the guard has set `request.auth`). */
export function registerActivityLog(admin: FastifyInstance, app: FastifyInstance) {
  // An update of one record (`/api/shows/:id`, `/api/settings/:key`) reads it first, so the entry
  // can name only the fields that changed. A route without a GET twin keeps every field sent.
  admin.addHook("preHandler", async (request) => {
    const pattern = request.routeOptions.url ?? "";
    if ((request.method !== "PUT" && request.method !== "PATCH") || !/\/:\w+$/.test(pattern) || NOT_RECORDED.has(`${request.method} ${pattern}`)) return;
    try {
      await readBefore(app, request);
    } catch (err) {
      request.log.warn({ err }, "activity log: record before the update not read");
    }
  });
  admin.addHook("onSend", async (request, reply, payload) => {
    const pattern = request.routeOptions.url;
    if (!WRITE_METHODS.has(request.method) || !pattern || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    if (NOT_RECORDED.has(`${request.method} ${pattern}`) || !request.auth) return payload;
    try {
      const { resource, action } = describeWrite(request.method, pattern, request.body);
      const data = answerData(payload);
      const recordId = recordIdOf(request, data);
      const summary = summarize(data) ?? (recordId && action === "delete" ? await lastSummary(app.db, resource, recordId) : null);
      const user = request.auth.user;
      // a record named like a secret (a setting 'api-token', say) keeps its value out of the log
      const changes = recordId && SECRET_FIELD.test(recordId) ? null : changesOf(request.body, recordBefore.get(request), data);
      await recordActivity(app, { userId: user.id, username: user.username, action, resource, recordId, summary, changes });
    } catch (err) {
      request.log.warn({ err }, "activity log entry not written");
    }
    return payload;
  });
}
