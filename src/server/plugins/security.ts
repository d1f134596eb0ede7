import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
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

export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
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
  });
  // Limits are declared per route (login, subscribe, contact) via config.rateLimit. The counters
  // live in the database, so instances sharing one PostgreSQL share them too.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db) });
}
