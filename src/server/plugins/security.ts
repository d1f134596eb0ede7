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
/**
 * The admin pages load no social script and no widget: their one outside frame is the video
 * form's player preview (YouTube; a video link is converted to its embed).
 */
const ADMIN_FRAMES = ["https://www.youtube-nocookie.com", "https://www.youtube.com"];

const helmetOptions = (scripts: string[], frames: string[]): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      mediaSrc: ["'self'", "blob:", "https:"],
      frameSrc: frames,
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
});

/** What helmet sets with these options, collected from a response that is never sent. */
function headersOf(options: Parameters<typeof helmet>[0]): Readonly<Record<string, string>> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet(options)(req, res, () => {});
  return Object.freeze(Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)])));
}

/**
 * Helmet's headers are the same on every answer, so they are worked out once: running helmet
 * per request re-parsed the CSP each time (a few percent of a cached read's CPU).
 */
let computed: Readonly<Record<string, string>> | undefined;
export function securityHeaders(): Readonly<Record<string, string>> {
  // once per process: the hooks and the public fast lane share them
  computed ??= headersOf(helmetOptions(SCRIPTS, FRAMES));
  return computed;
}

/** The admin pages' headers (issue 20): the same, with a CSP that allows none of the public site's social and widget origins. */
let computedAdmin: Readonly<Record<string, string>> | undefined;
export function adminSecurityHeaders(): Readonly<Record<string, string>> {
  computedAdmin ??= headersOf(helmetOptions([], ADMIN_FRAMES));
  return computedAdmin;
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
