import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { todayIso } from "@shared/format";
import { COMPRESS_MIN_BYTES, PublicCache, compressed, compressedNow, type BuiltAnswer, type CachedAnswer, type CacheTag } from "../services/public-cache";
import { SESSION_COOKIE } from "./auth";
import { preferredEncoding, PublicFastLane } from "./public-fast-lane";
import { isWrite } from "./route-effects";
import { securityHeaders } from "./security";

declare module "fastify" {
  interface FastifyInstance {
    publicCache: PublicCache;
    publicFastLane: PublicFastLane;
  }
}

/**
 * Public answers are the same bytes for everyone, so a CDN or reverse proxy may keep them for
 * a few seconds and serve stale while it revalidates; browsers always revalidate (ETag -> 304).
 * The same-instance guarantee (no stale read after a write) is ours; a proxy's few seconds are
 * the operator's choice (docs/deploy.md).
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=5, stale-while-revalidate=60";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

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

/**
 * Today's date as the cache keys use it, worked out once a minute rather than per request (a
 * date changes only on a minute boundary, whatever the time zone).
 */
let today = { minute: -1, iso: "" };
function todayKey(): string {
  const minute = Math.floor(Date.now() / 60_000);
  if (minute !== today.minute) today = { minute, iso: todayIso() };
  return today.iso;
}

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
  const key = `${todayKey()} ${opts.key}`;
  const ready = app.publicCache.peek(key);
  if (ready) {
    const encoding = encodingFor(request, ready);
    const bytes = encoding ? compressedNow(ready, encoding) : ready.body;
    if (bytes) {
      if (request.method === "GET" && ready.status === 200) app.publicFastLane.remember(request.url, opts.key);
      return answer(request, reply, ready, encoding, bytes);
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
  if (stale) reply.header("cache-status", STALE_CACHE_STATUS);
  const encoding = encodingFor(request, built);
  return answer(request, reply, built, encoding, encoding ? await compressed(built, encoding) : built.body);
}

function encodingFor(request: FastifyRequest, answer: CachedAnswer): "br" | "gzip" | null {
  return answer.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers["accept-encoding"]) : null;
}

function answer(request: FastifyRequest, reply: FastifyReply, cached: CachedAnswer, encoding: "br" | "gzip" | null, bytes: Buffer): FastifyReply {
  reply
    .header("etag", cached.etag)
    .header("vary", "accept-encoding")
    .header("cache-control", carriesCredentials(request) ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  if (cached.status === 200 && etagMatches(request.headers["if-none-match"], cached.etag)) return reply.status(304).send();
  reply.status(cached.status).type(cached.contentType);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(bytes);
}

/** The cache (and the fast lane that replays its bytes). */
export function registerPublicCache(app: FastifyInstance) {
  const cache = new PublicCache(Date.now, { maxBytes: app.config.PUBLIC_CACHE_MB * 1024 * 1024 });
  app.decorate("publicCache", cache);
  const fixedHeaders = { ...securityHeaders(), vary: "accept-encoding", "cache-control": PUBLIC_CACHE_CONTROL };
  app.decorate("publicFastLane", new PublicFastLane({ cache, dateKey: todayKey, fixedHeaders }));
  app.addHook("preClose", (done) => {
    app.publicFastLane.close();
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
    if (tags?.length && isWrite(request) && reply.statusCode >= 200 && reply.statusCode < 300) app.publicCache.invalidate(tags);
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
