import type { FastifyInstance, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { getSession, SESSION_COOKIE } from "../../plugins/auth";

/**
 * Whether a request is a fan's to count (issue 23): not a bot (isbot's maintained list; no user
 * agent at all is one too), not a prefetch or prerender (Sec-Purpose, Purpose, X-Moz), not a
 * signed-in admin (a session cookie that is still valid: the band's own visits are not its crowd).
 * Only a request that carries the cookie costs a database read.
 */
export async function countable(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const ua = request.headers["user-agent"];
  if (!ua || isbot(ua)) return false;
  const purpose = `${request.headers["sec-purpose"] ?? ""} ${request.headers.purpose ?? ""} ${request.headers["x-moz"] ?? ""} ${request.headers["x-purpose"] ?? ""}`.toLowerCase();
  if (purpose.includes("prefetch") || purpose.includes("preview") || purpose.includes("prerender")) return false;
  if (request.cookies?.[SESSION_COOKIE]) {
    try {
      if (await getSession(app, request)) return false;
    } catch {
      // the database is away: count the visit rather than fail the fan's request
    }
  }
  return true;
}
