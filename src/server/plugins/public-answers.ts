import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { PublicFastLane } from "../fast-path";
import { COMPRESS_MIN_BYTES, PublicCache, compressed, compressedNow, datedKey, type BuiltAnswer, type CachedAnswer, type CacheTag } from "../services/public-cache";
import { headOf, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../services/public-head";
import { preferredEncoding } from "../services/preferred-encoding";
import { SESSION_COOKIE } from "./auth";
import { isWrite } from "./route-effects";
import { isReplayed } from "./repeated-writes";

declare module "fastify" {
  interface FastifyInstance {
    publicCache: PublicCache;
    /** undefined with FAST_LANE=off */
    publicFastLane: PublicFastLane | undefined;
  }
}

export { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL };

/** A request that carries a session (admin browsing the public site) gets answers no shared cache keeps. */
function carriesCredentials(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || (request.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * A public JSON answer, encoded through the route's response schema like every other answer
 * (the cached bytes never reach fastify's serializer): a body the contract does not allow
 * throws here, so it becomes a 500 and is never cached.
 */
export const jsonAnswer = <S extends z.ZodType>(schema: S, envelope: z.output<S>): BuiltAnswer => ({
  status: 200,
  contentType: JSON_TYPE,
  body: JSON.stringify(z.encode(schema, envelope)),
});

/** A cacheable 404 of a public read (an unknown or unpublished record). */
export const notFoundAnswer = (message: string): BuiltAnswer => ({ status: 404, contentType: JSON_TYPE, body: JSON.stringify({ success: false, message }) });

type PublicRead = { key: string; tags: readonly CacheTag[]; build: () => Promise<BuiltAnswer> };

/**
 * Answers from the public cache: ETag + 304, gzip/brotli of the ready bytes, Cache-Control.
 * `key` must name everything the answer varies by (its query); the date is added here because
 * "upcoming" changes at midnight without any write.
 *
 * Under a crowd nearly every request finds its bytes ready, compressed form included: that path
 * is synchronous (no promise to wait for), since it is what the server does thousands of times
 * a second. A miss, or bytes not compressed yet, take the path that waits.
 */
export function sendPublic(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, opts: PublicRead): FastifyReply | Promise<FastifyReply> {
  const key = datedKey(opts.key);
  // the synchronous path is part of the fast path (src/server/fast-path/README.md): FAST_LANE=off waits every time
  const ready = app.publicFastLane && app.publicCache.peek(key);
  if (ready) {
    const encoding = encodingFor(request, ready);
    const bytes = encoding ? compressedNow(ready, encoding) : ready.body;
    if (bytes) {
      // the URL the lane may replay from now on
      if (request.method === "GET" && ready.status === 200) app.publicCache.rememberUrl(request.url, opts.key);
      return answer(app, request, reply, ready, encoding, bytes);
    }
  }
  return sendAfterWaiting(app, request, reply, key, opts);
}

/**
 * RFC 9211: an answer from the last good bytes because the rebuild failed (the database is gone),
 * so a monitor or an operator can tell.
 */
export const STALE_CACHE_STATUS = "band-site; hit; detail=stale";

async function sendAfterWaiting(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, key: string, opts: PublicRead) {
  const { answer: built, stale } = await app.publicCache.lookup(key, opts.tags, opts.build);
  const encoding = encodingFor(request, built);
  const bytes = encoding ? await compressed(built, encoding) : built.body;
  if (stale) reply.header("cache-status", STALE_CACHE_STATUS);
  return answer(app, request, reply, built, encoding, bytes);
}

function encodingFor(request: FastifyRequest, answer: CachedAnswer): "br" | "gzip" | null {
  return answer.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers["accept-encoding"]) : null;
}

/** Writes the answer's ready head (services/public-head.ts: the same the fast lane writes) and its bytes. */
function answer(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, cached: CachedAnswer, encoding: "br" | "gzip" | null, bytes: Buffer): FastifyReply {
  const notModified = cached.status === 200 && etagMatches(request.headers["if-none-match"], cached.etag);
  const head = headOf(cached, { encoding, https: app.isHttps(request.raw), private: carriesCredentials(request), notModified });
  for (let i = 0; i < head.length; i += 2) reply.header(head[i], head[i + 1]);
  if (notModified) return reply.status(304).send();
  return reply.status(cached.status).send(bytes);
}

/** The cache, and the fast lane that replays its bytes (unless FAST_LANE=off). */
export function registerPublicCache(app: FastifyInstance) {
  const cache = new PublicCache(Date.now, { maxBytes: app.config.PUBLIC_CACHE_MB * 1024 * 1024 });
  app.decorate("publicCache", cache);
  const lane = app.config.FAST_LANE ? new PublicFastLane(cache, app.isHttps, app.config.TRUST_PROXY) : undefined;
  app.decorate("publicFastLane", lane);
  app.addHook("preClose", (done) => {
    lane?.close();
    done();
  });
}

/**
 * The one place admin writes invalidate the cache: after a successful write in the admin scope,
 * before its response goes out, every entry built from what the route declares it changes
 * (`config.invalidates`, plugins/route-effects.ts) is gone.
 */
export function invalidateAfterAdminWrites(admin: FastifyInstance, app: FastifyInstance) {
  admin.addHook("onSend", async (request, reply, payload) => {
    const tags = request.routeOptions.config?.invalidates;
    if (tags?.length && isWrite(request) && reply.statusCode >= 200 && reply.statusCode < 300 && !isReplayed(reply)) app.publicCache.invalidate(tags);
    return payload;
  });
}

/**
 * Admin and personal answers are never kept by anyone. (A callback hook: the public reads of
 * the same scope pass through it too, and a promise per request shows under a crowd.)
 */
export function markPrivate(scope: FastifyInstance) {
  scope.addHook("onSend", (_request, reply, payload, done) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE_CACHE_CONTROL);
    done(null, payload);
  });
}
