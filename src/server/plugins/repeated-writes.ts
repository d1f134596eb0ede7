import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { repeatedWrites } from "../db/schema";
import { badRequest, conflict } from "../lib/http-error";

/**
 * An admin create sent twice is saved once (decision 047).
 *
 * The admin client gives each POST an `Idempotency-Key` and sends the same key again when the
 * admin sends the same values again after no answer came: the client gives up after 10 s (spec),
 * and a save the server finished after that was shown as failed, so a second click made a second
 * show (CI, 27 Nov 2026: a cold gazetteer held a save 10.8 s).
 *
 * - The first request with a key claims it (a row in `repeated_writes`, shared by every instance)
 *   and runs; a 2xx answer is kept with it, anything else frees the key (a refused or failed
 *   try may be sent again and run).
 * - The same key again gets the kept answer, with `Idempotent-Replayed: true`, and nothing runs
 *   or is logged again; while the first still runs, a 409 says so.
 * - A claim whose request never answered (its process died) is taken over after
 *   `ABANDONED_AFTER_S`. Rows go after a day (`purgeRepeatedWrites`, background.ts).
 *
 * A request without the header is untouched: the spec's API answers as it always did.
 */

const IDEMPOTENCY_HEADER = "idempotency-key";
const REPLAYED_HEADER = "idempotent-replayed";
const KEY = /^[A-Za-z0-9_-]{16,100}$/;
/** Longer than any save runs (the client gives up after 10 s; a request's own time limit is 30 s). */
const ABANDONED_AFTER_S = 120;
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;
export const STILL_SAVING = "This is still being saved. Wait a moment, then reload the list to see it.";

/** The requests that claimed their key: their answer is kept (or the key freed) when it is sent. */
const claimed = new WeakMap<FastifyRequest, string>();

/** Whether this answer is a kept one sent again (the activity log and the cache leave it alone). */
export const isReplayed = (reply: FastifyReply) => reply.getHeader(REPLAYED_HEADER) === "true";

/** Registers the hooks on the admin scope (after the guard has set `request.auth`). */
export function replayRepeatedWrites(admin: FastifyInstance, app: FastifyInstance) {
  // preHandler: after the guard and the body's validation (an invalid body claims nothing)
  admin.addHook("preHandler", async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (request.method !== "POST" || key === undefined || !request.auth) return;
    if (typeof key !== "string" || !KEY.test(key)) throw badRequest("Idempotency-Key must be 16 to 100 letters, digits, '-' or '_'");
    const route = `${request.method} ${request.url}`;
    const userId = request.auth.user.id;
    if (await claim(app.db, key, userId, route)) {
      claimed.set(request, key);
      return;
    }
    const [kept] = await app.db.select().from(repeatedWrites).where(eq(repeatedWrites.key, key));
    if (!kept) throw conflict(STILL_SAVING); // freed between the two statements: the first try failed; sending again runs it
    if (kept.userId !== userId || kept.route !== route) throw badRequest("This Idempotency-Key was sent with another request");
    if (kept.status === null) throw conflict(STILL_SAVING);
    return reply.code(kept.status).header(REPLAYED_HEADER, "true").type("application/json; charset=utf-8").send(kept.answer);
  });

  admin.addHook("onSend", async (request, reply, payload) => {
    const key = claimed.get(request);
    if (key === undefined) return payload;
    claimed.delete(request);
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === "string") {
        await app.db.update(repeatedWrites).set({ status: reply.statusCode, answer: payload }).where(eq(repeatedWrites.key, key));
      } else {
        await app.db.delete(repeatedWrites).where(eq(repeatedWrites.key, key));
      }
    } catch (err) {
      // the write itself is done: a key left claimed is taken over after ABANDONED_AFTER_S
      request.log.warn({ err }, "idempotency key not settled");
    }
    return payload;
  });
}

/** Claims a free key, or one whose request never answered; false when it is taken. */
async function claim(db: Db, key: string, userId: number, route: string): Promise<boolean> {
  const fresh = await db.insert(repeatedWrites).values({ key, userId, route }).onConflictDoNothing().returning({ key: repeatedWrites.key });
  if (fresh.length) return true;
  const abandoned = await db
    .update(repeatedWrites)
    .set({ createdAt: sql`now()` })
    .where(and(eq(repeatedWrites.key, key), eq(repeatedWrites.userId, userId), eq(repeatedWrites.route, route), isNull(repeatedWrites.status), lt(repeatedWrites.createdAt, sql`now() - ${ABANDONED_AFTER_S} * interval '1 second'`)))
    .returning({ key: repeatedWrites.key });
  return abandoned.length > 0;
}

/** Removes the keys older than a day (background.ts, with the other clean-ups). Returns how many went. */
export async function purgeRepeatedWrites(db: Db, now = new Date()): Promise<number> {
  const gone = await db.delete(repeatedWrites).where(lt(repeatedWrites.createdAt, new Date(now.getTime() - KEPT_FOR_MS))).returning({ key: repeatedWrites.key });
  return gone.length;
}
