import { kindHeaders, kindOf } from "./answer-headers";
import type { CachedAnswer } from "./public-cache";
import type { Encoding } from "./preferred-encoding";

/**
 * Public answers are the same bytes for everyone, so a CDN or reverse proxy may keep them for
 * a few seconds and serve stale while it revalidates; browsers always revalidate (ETag -> 304).
 * The same-instance guarantee (no stale read after a write) is ours; a proxy's few seconds are
 * the operator's choice (docs/deploy.md).
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=5, stale-while-revalidate=60";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Header names and values in turn, as `res.writeHead` takes them. */
export type Head = readonly string[];

export interface HeadVariant {
  /** the compressed form sent, or null for the bytes as they are */
  encoding: Encoding | null;
  /** the site is on https (services/request-https.ts): HSTS */
  https: boolean;
  /** the request carried credentials: no shared cache may keep the answer */
  private?: boolean;
  /** a 304 to a matching If-None-Match: no type, encoding or length */
  notModified?: boolean;
}

/**
 * THE head of a cached public answer (decision 032): every header it is sent with, worked out
 * once per answer and variant and kept on the answer, so the cache entry carries its ready head.
 * `sendPublic` (Fastify's path) and the fast lane (src/server/fast-path) both write exactly this;
 * a header a public answer needs is added here, or to its kind in services/answer-headers.ts.
 * `Date` (node) and `Cache-Status` on a stale answer (sendPublic) are the only additions.
 */
export function headOf(answer: CachedAnswer, v: HeadVariant): Head {
  // a small number per variant: this runs for every public read
  const variant = (v.encoding === "br" ? 16 : v.encoding === "gzip" ? 8 : 0) + (v.https ? 4 : 0) + (v.private ? 2 : 0) + (v.notModified ? 1 : 0);
  const heads = (answer.heads ??= []);
  return (heads[variant] ??= makeHead(answer, v));
}

function makeHead(answer: CachedAnswer, v: HeadVariant): Head {
  const head: string[] = [];
  for (const [name, value] of kindHeaders(kindOf(answer.contentType), v.https)) head.push(name, value);
  head.push("etag", answer.etag, "vary", "accept-encoding", "cache-control", v.private ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  if (v.notModified) return head;
  head.push("content-type", answer.contentType);
  if (v.encoding) head.push("content-encoding", v.encoding);
  const bytes = v.encoding ? answer.made?.[v.encoding] : answer.body;
  if (!bytes) throw new Error(`headOf: the ${v.encoding} form of the answer is not made yet`);
  head.push("content-length", String(bytes.length));
  return head;
}
