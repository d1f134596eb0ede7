import type { FastifyReply, FastifyRequest } from "fastify";
import { INERT_CSP } from "../services/answer-headers";
import { contentTypeOf } from "../storage/content-types";
import { isVariantFile } from "../storage/image-variants";
import { isPrivateKey, parseRange, safeKey, StorageUnavailable, STORAGE_DOWN_MESSAGE, type ObjectStore } from "../storage/object-store";

/** An image variant's name carries its content hash: its bytes never change, so it may be cached for a year. */
export const uploadCacheControl = (name: string) => (isVariantFile(name) ? "public, max-age=31536000, immutable" : "public, max-age=3600");

/**
 * GET /uploads/<key> from a bucket (STORAGE_URL set, MEDIA_PUBLIC_URL unset): the object streamed
 * through, with what @fastify/static gives a file on disk: one byte range (206, audio seeking),
 * ETag and If-None-Match (304), Last-Modified, the same caching (a year and immutable for hashed
 * variants), and the uploads' headers (nosniff, a CSP that runs nothing). A missing object is a
 * 404, the bucket not answering a 503 (with Retry-After), never a 500. HEAD answers the same
 * headers without the body.
 */
export async function serveStoredObject(store: ObjectStore, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split("?")[0];
  const notFound = () => reply.status(404).send({ success: false, message: `Not found: ${request.method} ${path}` });
  const key = safeKey((request.params as { "*": string })["*"]);
  // a name starting with a dot is never an upload (@fastify/static ignores them too); an import's CSV is never served
  if (!key || key.split("/").some((part) => part.startsWith(".")) || isPrivateKey(key)) return notFound();
  let got;
  try {
    got = await store.read(key, { range: parseRange(request.headers.range) ?? undefined, ifNoneMatch: request.headers["if-none-match"] });
  } catch (err) {
    if (!(err instanceof StorageUnavailable)) throw err;
    request.log.warn({ err, key }, "upload not served: the object storage does not answer");
    return reply.status(503).header("retry-after", "30").header("cache-control", "no-store").send({ success: false, message: STORAGE_DOWN_MESSAGE });
  }
  reply.header("X-Content-Type-Options", "nosniff").header("Content-Security-Policy", INERT_CSP).header("Cache-Control", uploadCacheControl(key));
  // a PDF (a stage plot, a tech rider) is saved, not opened here: a sandboxed page cannot show it
  if (key.endsWith(".pdf")) reply.header("Content-Disposition", "attachment");
  if (got.status === "missing") return notFound();
  if (got.status === "not-modified") return reply.status(304).header("etag", got.etag).send();
  if (got.status === "unsatisfiable") return reply.status(416).header("content-range", `bytes */${got.size}`).send();
  reply
    .header("content-type", contentTypeOf(key))
    .header("accept-ranges", "bytes")
    .header("etag", got.etag)
    .header("last-modified", got.lastModified.toUTCString());
  if (got.range) reply.status(206).header("content-range", `bytes ${got.range.start}-${got.range.end}/${got.size}`);
  reply.header("content-length", String(got.range ? got.range.end - got.range.start + 1 : got.size));
  if (request.method === "HEAD") {
    got.body.destroy();
    return reply.send();
  }
  return reply.send(got.body);
}
