import type { Database } from "./client";

/** pg_advisory_lock key of the start-up work ('band' + 'boot' as two ASCII words). */
export const STARTUP_LOCK_KEY = 0x62616e64_626f6f74n;

interface Log {
  info(msg: string): void;
}

/**
 * Runs `work` (migrate, first admin, demo content) while holding a PostgreSQL session advisory
 * lock on a connection of its own, so instances started at the same moment on an empty database
 * take turns: the first does the work, the next ones wait and then find it done. The lock goes
 * with the connection, so an instance that dies mid-way frees it. PGlite is one process: no lock.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>, log?: Log): Promise<T> {
  if (!database.connect) return work();
  const client = await database.connect();
  try {
    const key = STARTUP_LOCK_KEY.toString();
    const [{ locked }] = (await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1::bigint) as locked", [key])).rows;
    if (!locked) {
      log?.info("another instance is starting up (migrations, first admin, demo content): waiting for it");
      await client.query("select pg_advisory_lock($1::bigint)", [key]);
    }
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [key]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
