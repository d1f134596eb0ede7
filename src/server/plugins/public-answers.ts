import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { todayIso } from "@shared/format";
import { COMPRESS_MIN_BYTES, PublicCache, compressed, type BuiltAnswer, type CacheTag } from "../services/public-cache";
import { SESSION_COOKIE } from "./auth";

declare module "fastify" {
  interface FastifyInstance {
    publicCache: PublicCache;
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

/** Which public content an admin write under /api/<segment> changes. Everything else changes nothing public. */
const WRITE_TAGS: Record<string, CacheTag[]> = {
  shows: ["shows"],
  merchandise: ["merchandise"],
  videos: ["videos"],
  lyrics: ["lyrics"],
  "band-members": ["band-members"],
  "audio-tracks": ["audio-tracks"],
  settings: ["settings"],
};

export function tagsForWrite(url: string): CacheTag[] {
  const segment = /^\/api\/([^/?]+)/.exec(url)?.[1] ?? "";
  return WRITE_TAGS[segment] ?? [];
}

/** A request that carries a session (admin browsing the public site) gets answers no shared cache keeps. */
function carriesCredentials(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || (request.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false);
}

function preferredEncoding(request: FastifyRequest): "br" | "gzip" | null {
  const accepted = request.headers["accept-encoding"];
  if (typeof accepted !== "string") return null;
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
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
 * Answers from the public cache: ETag + 304, gzip/brotli of the ready bytes, Cache-Control.
 * `key` must name everything the answer varies by (its query); the date is added here because
 * "upcoming" changes at midnight without any write.
 */
export async function sendPublic(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { key: string; tags: readonly CacheTag[]; build: () => Promise<BuiltAnswer> },
) {
  const answer = await app.publicCache.get(`${todayIso()} ${opts.key}`, opts.tags, opts.build);
  reply
    .header("etag", answer.etag)
    .header("vary", "accept-encoding")
    .header("cache-control", carriesCredentials(request) ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  if (answer.status === 200 && etagMatches(request.headers["if-none-match"], answer.etag)) return reply.status(304).send();
  reply.status(answer.status).type(answer.contentType);
  const encoding = answer.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request) : null;
  if (!encoding) return reply.send(answer.body);
  return reply.header("content-encoding", encoding).send(await compressed(answer, encoding));
}

/**
 * The cache, and the one place admin writes invalidate it: after a successful write in the
 * admin scope, before its response goes out, every entry built from what it changed is gone.
 */
export function registerPublicCache(app: FastifyInstance) {
  app.decorate("publicCache", new PublicCache());
}

export function invalidateAfterAdminWrites(admin: FastifyInstance, app: FastifyInstance) {
  admin.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 300) {
      app.publicCache.invalidate(tagsForWrite(request.url));
    }
    return payload;
  });
}

/** Admin and personal answers are never kept by anyone. */
export function markPrivate(scope: FastifyInstance) {
  scope.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE_CACHE_CONTROL);
    return payload;
  });
}
