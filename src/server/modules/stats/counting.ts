import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { rememberedPerValue } from "../../lib/remembered";
import { getSession, SESSION_COOKIE } from "../../plugins/auth";

/**
 * Whether a request is a fan's to count (issue 23): not a bot (isbot's maintained list; no user
 * agent at all is one too), not a prefetch or prerender (Sec-Purpose, Purpose, X-Moz), not a
 * signed-in admin (a session cookie that is still valid: the band's own visits are not its crowd).
 * Only a request that carries the cookie costs a database read.
 */
export async function countable(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  if (!countableHeaders(request.headers)) return false;
  if (request.cookies?.[SESSION_COOKIE]) {
    try {
      if (await getSession(app, request)) return false;
    } catch {
      // the database is away: count the visit rather than fail the fan's request
    }
  }
  return true;
}

// isbot's pattern took ~13 µs a beacon (a profile of bench/crowd's beacons, 27 Nov 2026); a
// crowd's browsers send a few hundred distinct user agents
const botAgent = rememberedPerValue(isbot, { max: 1000, maxLength: 512 });

/** The half of `countable` its headers decide (a request without any cookie needs no more): not a bot, not a prefetch. */
export function countableHeaders(headers: IncomingHttpHeaders): boolean {
  const ua = headers["user-agent"];
  if (!ua || botAgent(ua)) return false;
  const purpose = `${headers["sec-purpose"] ?? ""} ${headers.purpose ?? ""} ${headers["x-moz"] ?? ""} ${headers["x-purpose"] ?? ""}`.toLowerCase();
  return !(purpose.includes("prefetch") || purpose.includes("preview") || purpose.includes("prerender"));
}
