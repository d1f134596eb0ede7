import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE, SESSION_DAYS } from "@shared/privacy";
import { forbidden, unauthorized } from "../lib/http-error";
import { safeEqual } from "../lib/tokens";
import { findSession, type ActiveSession } from "../services/sessions";

// the site's one cookie (the privacy page says so, from the same constant)
export { SESSION_COOKIE };
export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyRequest {
    /** Set by requireAdmin (and by getSession) once the caller is known. */
    auth: (ActiveSession & { via: "bearer" | "cookie" }) | null;
  }
}

function readToken(request: FastifyRequest): { token: string; via: "bearer" | "cookie" } | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), via: "bearer" };
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** The caller's admin session, or null. Cached on the request. */
export async function getSession(app: FastifyInstance, request: FastifyRequest) {
  if (request.auth !== null) return request.auth;
  const found = readToken(request);
  if (!found) return null;
  const session = await findSession(app.db, found.token);
  request.auth = session ? { ...session, via: found.via } : null;
  return request.auth;
}

/**
 * The one guard for the admin scope. A cookie-authenticated write must also carry the
 * session's CSRF token; a bearer token cannot be sent by another site, so it needs none.
 */
export async function requireAdmin(app: FastifyInstance, request: FastifyRequest) {
  const auth = await getSession(app, request);
  if (!auth) throw unauthorized();
  if (auth.via === "cookie" && !SAFE_METHODS.has(request.method)) {
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== "string" || !safeEqual(sent, auth.csrfToken)) {
      throw forbidden("Invalid or missing CSRF token");
    }
  }
  return auth;
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest("auth", null);
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: app.config.PUBLIC_URL.startsWith("https://"),
    path: "/",
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}
