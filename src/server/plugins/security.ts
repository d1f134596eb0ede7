import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { kindHeaders, kindOf } from "../services/answer-headers";
import { httpsCheck, type HttpsCheck } from "../services/request-https";
import { databaseRateLimitStore } from "./rate-limit-store";

declare module "fastify" {
  interface FastifyInstance {
    /** the request reached the site over https (HSTS): services/request-https.ts */
    isHttps: HttpsCheck;
  }
}

/** Before the public cache: the fast lane and sendPublic ask it too. */
export function registerHttpsCheck(app: FastifyInstance) {
  app.decorate("isHttps", httpsCheck(app.config));
}

/**
 * Every answer through Fastify gets the security headers of its kind (services/answer-headers.ts:
 * a page its policies, JSON, feeds and files only what they need), chosen by its content type
 * just before it is sent. A header the route set itself wins (uploads send their own sandbox CSP,
 * admin pages their CSP; public answers their whole head: services/public-head.ts). A callback
 * hook: a promise per request shows under a crowd.
 */
export async function registerSecurity(app: FastifyInstance) {
  app.addHook("onSend", (request, reply, payload, done) => {
    for (const [name, value] of kindHeaders(kindOf(reply.getHeader("content-type")), app.isHttps(request.raw))) {
      if (!reply.hasHeader(name) && !reply.raw.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
  // Limits are declared per route (login, subscribe, contact) via config.rateLimit. The counters
  // live in the database, so instances sharing one PostgreSQL share them too.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db) });
}
