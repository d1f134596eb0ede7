import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import rateLimit from "@fastify/rate-limit";
import helmet from "helmet";
import type { FastifyInstance } from "fastify";
import { databaseRateLimitStore } from "./rate-limit-store";

// Third parties the public pages embed: video, music players and social widgets.
const FRAMES = [
  "https://www.youtube-nocookie.com",
  "https://www.youtube.com",
  "https://w.soundcloud.com",
  "https://open.spotify.com",
  "https://bandcamp.com",
  "https://www.instagram.com",
  "https://www.facebook.com",
  "https://platform.twitter.com",
  "https://syndication.twitter.com",
];
const SCRIPTS = ["https://www.instagram.com", "https://connect.facebook.net", "https://platform.twitter.com"];

const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...SCRIPTS],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      mediaSrc: ["'self'", "blob:", "https:"],
      frameSrc: FRAMES,
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Embedded players (YouTube etc.) need cross-origin frames to load.
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: "same-site" },
};

/**
 * Helmet's headers are the same on every answer, so they are worked out once: running helmet
 * per request re-parsed the CSP each time (a few percent of a cached read's CPU).
 */
let computed: Readonly<Record<string, string>> | undefined;
export function securityHeaders(): Readonly<Record<string, string>> {
  // once per process: the hooks and the public fast lane share them
  if (computed) return computed;
  // a response that is never sent, only to collect what helmet sets on it
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet(HELMET_OPTIONS)(req, res, () => {});
  computed = Object.freeze(Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)])));
  return computed;
}

export async function registerSecurity(app: FastifyInstance) {
  const headers = Object.entries(securityHeaders());
  app.addHook("onRequest", (_request, reply, done) => {
    // on the raw response, so a route may still replace one (uploads send their own sandbox CSP)
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  // Limits are declared per route (login, subscribe, contact) via config.rateLimit. The counters
  // live in the database, so instances sharing one PostgreSQL share them too.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db) });
}
