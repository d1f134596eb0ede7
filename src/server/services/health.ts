import type { Database } from "../db/client";

/**
 * The health check must answer while the database is busy (a crowd queues PGlite's single
 * connection), or a load balancer would restart a working server. One ping runs at a time;
 * if it is slow but the database answered recently, the site counts as up ("busy"); an error,
 * or no answer for STALE_AFTER_MS, is down.
 */
const WAIT_MS = 1000;
const STALE_AFTER_MS = 30_000;

export type Health = { up: true; database: "ok" | "busy" } | { up: false };

export function healthChecker(database: Pick<Database, "ping">, now: () => number = Date.now) {
  let lastOk = now();
  let inFlight: Promise<void> | null = null;

  return async function check(): Promise<Health> {
    if (!inFlight) {
      inFlight = database.ping().then(() => {
        lastOk = now();
      });
      // one ping at a time: the next check after it settles starts a new one
      void inFlight.catch(() => {}).finally(() => (inFlight = null));
    }
    const ping = inFlight;
    let timer: NodeJS.Timeout | undefined;
    const slow = new Promise<"slow">((resolve) => (timer = setTimeout(() => resolve("slow"), WAIT_MS)));
    try {
      const result = await Promise.race([ping.then(() => "ok" as const), slow]);
      if (result === "ok") return { up: true, database: "ok" };
      return now() - lastOk < STALE_AFTER_MS ? { up: true, database: "busy" } : { up: false };
    } catch {
      return { up: false };
    } finally {
      clearTimeout(timer);
    }
  };
}
