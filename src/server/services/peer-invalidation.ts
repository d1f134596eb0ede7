import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Client, Notification } from "pg";
import { instanceIdOf } from "./instance";
import { ALL_TAGS, type CacheTag } from "./public-cache";

/**
 * Cache invalidation across instances sharing one PostgreSQL. Each instance LISTENs on one
 * channel over a connection of its own; a local invalidation (after a write committed) is
 * announced with NOTIFY as '<instance id> <tag,tag>', and every other instance drops the same
 * entries within milliseconds. If the channel drops, the instance reconnects with backoff and
 * then clears its whole cache, since it may have missed notices meanwhile. PGlite (one process)
 * has no peers: nothing to do.
 */

export const CACHE_CHANNEL = "band_site_cache";

/** The part of PublicCache this needs. */
interface PeerCache {
  invalidate(tags: readonly CacheTag[], opts?: { fromPeer?: boolean }): void;
  clear(): void;
  onLocalInvalidate(listener: (tags: readonly CacheTag[]) => void): void;
}

export interface PeerInvalidationOptions {
  /** default: this process's instance id */
  instanceId?: string;
  /** first reconnect delay, doubled on each failure up to retryMaxMs */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** how often the listening connection is checked (a half-open TCP connection says nothing) */
  pingMs?: number;
}

const KNOWN = new Set<string>(ALL_TAGS);

/** '<instance> <tag,tag>' -> who sent it and which tags; null for anything else. */
export function parseNotice(payload: string | undefined): { from: string; tags: string[] } | null {
  if (!payload) return null;
  const space = payload.indexOf(" ");
  if (space <= 0) return null;
  return { from: payload.slice(0, space), tags: payload.slice(space + 1).split(",").filter(Boolean) };
}

export async function startPeerInvalidation(app: FastifyInstance, options: PeerInvalidationOptions = {}): Promise<() => Promise<void>> {
  const cache = app.hasDecorator("publicCache") ? (app as unknown as { publicCache: PeerCache }).publicCache : undefined;
  const { database } = app;
  if (!cache || !database.connect) return async () => {};
  const connect = database.connect.bind(database);
  const me = options.instanceId ?? instanceIdOf(app);
  const retryMinMs = options.retryMinMs ?? 250;
  const retryMaxMs = options.retryMaxMs ?? 10_000;
  const pingMs = options.pingMs ?? 15_000;
  const log = app.log.child({ component: "peer-cache" });

  let client: Client | null = null;
  let stopped = false;
  let delay = retryMinMs;
  let retryTimer: NodeJS.Timeout | null = null;
  let opening: Promise<void> | null = null;

  const onNotification = (msg: Notification) => {
    if (msg.channel !== CACHE_CHANNEL) return;
    const notice = parseNotice(msg.payload);
    if (!notice || notice.from === me) return;
    const known = notice.tags.filter((t): t is CacheTag => KNOWN.has(t));
    // a tag this version does not know (a newer neighbour): drop everything rather than guess
    if (known.length < notice.tags.length) cache.clear();
    else cache.invalidate(known, { fromPeer: true });
  };

  const lost = (c: Client, err: Error) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    if (stopped) return;
    log.warn({ err }, "peer cache channel lost: reconnecting (the cache is cleared once back)");
    scheduleReconnect();
  };

  const open = async () => {
    const c = await connect();
    try {
      c.on("notification", onNotification);
      c.on("error", (err) => lost(c, err));
      c.on("end", () => lost(c, new Error("connection ended")));
      await c.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = retryMinMs;
    // notices sent while nobody listened are gone: whatever the cache holds may be stale
    cache.clear();
  };

  function scheduleReconnect() {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      opening = open()
        .then(() => log.info("peer cache channel back; cache cleared"))
        .catch((err: Error) => {
          delay = Math.min(delay * 2, retryMaxMs);
          log.warn({ err, retryInMs: delay }, "peer cache channel: reconnect failed");
          scheduleReconnect();
        })
        .finally(() => (opening = null));
    }, delay);
    retryTimer.unref();
  }

  const ping = setInterval(() => {
    const c = client;
    if (!c) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("ping timed out")), 5000)));
    Promise.race([c.query("select 1"), timeout])
      .catch((err: Error) => lost(c, err))
      .finally(() => clearTimeout(timer));
  }, pingMs);
  ping.unref();

  cache.onLocalInvalidate((tags) => {
    if (stopped || tags.length === 0) return;
    database.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${`${me} ${tags.join(",")}`})`).catch((err: Error) => {
      log.warn({ err }, "peer cache notice not sent");
    });
  });

  try {
    await open();
  } catch (err) {
    log.warn({ err }, "peer cache channel: first connection failed, retrying");
    scheduleReconnect();
  }

  return async () => {
    stopped = true;
    clearInterval(ping);
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    await opening;
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
