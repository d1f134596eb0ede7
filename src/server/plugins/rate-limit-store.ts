import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One hit on `key`: counts it in the current window, or starts a new window of `windowMs` when
 * there is none or it has ended. One atomic statement, so hits arriving at the same moment on
 * several instances are all counted.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const result = await db.execute(sql`
    insert into ${rateLimits} as r (key, count, reset_at)
    values (${key}, 1, now() + ${windowMs}::integer * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl`);
  const [row] = rowsOf<{ count: number | string; ttl: number | string }>(result);
  return { current: Number(row.count), ttl: Number(row.ttl) };
}

/** The state of `key` without counting a hit. */
export async function readHits(db: Db, key: string): Promise<{ current: number; ttl: number }> {
  const result = await db.execute(sql`
    select count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::float8 as ttl
    from ${rateLimits} where key = ${key} and reset_at > now()`);
  const [row] = rowsOf<{ count: number | string; ttl: number | string }>(result);
  return row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}

/** Drops counters whose window has ended (background clean-up). */
export async function purgeRateLimits(db: Db): Promise<number> {
  const gone = await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`)).returning({ key: rateLimits.key });
  return gone.length;
}

/**
 * A store for @fastify/rate-limit that counts in the database, so every instance sharing it
 * sees the same counters (an address gets LOGIN_RATE_LIMIT tries in all, not per instance).
 * Each route gets its own counters (`child`), as with the plugin's in-memory store.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    // the plugin passes its global options; only the route prefix matters here
    constructor(_options?: unknown, prefix = "") {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      countHit(db, this.prefix + key, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback) {
      readHits(db, this.prefix + key).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    // the plugin passes the route's merged options, which carry `routeInfo`
    child(routeOptions: object) {
      const route = (routeOptions as RouteParams).routeInfo;
      const method = [route?.method ?? ""].flat().join(",");
      return new DatabaseRateLimitStore(undefined, `${method} ${route?.url ?? ""} `);
    }
  };
}
