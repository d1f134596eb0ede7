/**
 * Whether an error means "the database is not reachable right now" (a restart, a failover, a
 * pooler restart, a network cut) rather than "this statement is wrong". Such an error is answered
 * 503 with Retry-After (plugins/errors.ts), and a pooled connection that saw one is thrown away
 * instead of being handed to the next request (client.ts).
 *
 * Drizzle wraps the driver's error (DrizzleQueryError with `cause`), so the whole cause chain is
 * looked at.
 */

// SQLSTATE class 08 (connection exception); 57P01-57P03 (admin shutdown, crash shutdown, cannot
// connect now: a server starting or in recovery); 53300 (too many connections)
const LOST_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const LOST_ERRNO = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ECONNABORTED"]);
// node-postgres says these in words only
const LOST_MESSAGE = /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|Connection ended unexpectedly/i;

export function isConnectionLoss(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (LOST_SQLSTATE.test(code) || LOST_ERRNO.has(code))) return true;
    if (typeof message === "string" && LOST_MESSAGE.test(message)) return true;
  }
  return false;
}
