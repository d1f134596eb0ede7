import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyServerFactory } from "fastify";
import { COMPRESS_MIN_BYTES, compressedNow, type CachedAnswer, type PublicCache } from "../services/public-cache";

/**
 * The public cache's fast lane (docs/decisions/020). Under a crowd nearly every request is a GET
 * of a public answer whose bytes are ready; for those, Fastify's routing, hooks and reply
 * machinery cost more CPU than the answer itself. The lane sits in front of Fastify in the
 * node:http request listener: a plain GET of a URL that Fastify has already answered from the
 * cache gets the same bytes and the same headers (worked out once per answer), written directly.
 *
 * Anything else goes to Fastify as before: another method, a request with credentials or any
 * cookie, a conditional request (If-None-Match: Fastify answers the 304), an answer that is not
 * in the cache (never built, invalidated by a write, expired) or whose compressed form is not
 * made yet. So the lane never decides anything Fastify would decide differently: it only replays
 * what Fastify's own public-read path (`sendPublic`) answered for the same URL and cache entry.
 */
export interface FastLaneOptions {
  cache: PublicCache;
  /** the date part of the cache keys (sendPublic's) */
  dateKey: () => string;
  /** headers every public answer carries: the security headers, vary and cache-control */
  fixedHeaders: Record<string, string>;
}

type Encoding = "br" | "gzip";
type Head = (string | number)[];

/** URLs remembered at most: a query string can make endless URLs of one answer. */
const MAX_URLS = 1000;
/** a longer URL is left to Fastify (with MAX_URLS, the lane's memory stays under ~0.5 MB whatever is asked) */
const MAX_URL_LENGTH = 256;

export class PublicFastLane {
  private readonly keys = new Map<string, string>();
  private readonly heads = new WeakMap<CachedAnswer, Partial<Record<Encoding | "identity", Head>>>();
  private readonly fixed: string[];
  private open = true;

  constructor(private readonly options: FastLaneOptions) {
    this.fixed = Object.entries(options.fixedHeaders).flat();
  }

  /** Called by sendPublic when it answered a plain GET of `url` with the cache entry `key` (without its date). */
  remember(url: string, key: string) {
    if (url.length > MAX_URL_LENGTH) return;
    // full (a crawler's endless query strings): start again; the busy URLs come back at their next request
    if (this.keys.size >= MAX_URLS && !this.keys.has(url)) this.keys.clear();
    this.keys.set(url, key);
  }

  /** No more answers (the app is closing: Fastify answers what still arrives). */
  close() {
    this.open = false;
  }

  /** Answers the request and returns true, or returns false and leaves it to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.open || req.method !== "GET") return false;
    const key = this.keys.get(req.url ?? "");
    if (key === undefined) return false;
    const h = req.headers;
    if (h.authorization !== undefined || h.cookie !== undefined || h["if-none-match"] !== undefined) return false;
    const ready = this.options.cache.peek(`${this.options.dateKey()} ${key}`);
    if (!ready || ready.status !== 200) return false;
    const encoding = ready.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(h["accept-encoding"]) : null;
    const bytes = encoding ? compressedNow(ready, encoding) : ready.body;
    if (!bytes) return false;
    res.writeHead(200, this.headFor(ready, encoding, bytes));
    res.end(bytes);
    return true;
  }

  private headFor(answer: CachedAnswer, encoding: Encoding | null, bytes: Buffer): Head {
    let byEncoding = this.heads.get(answer);
    if (!byEncoding) this.heads.set(answer, (byEncoding = {}));
    const which = encoding ?? "identity";
    return (byEncoding[which] ??= [
      ...this.fixed,
      "etag",
      answer.etag,
      "content-type",
      answer.contentType,
      ...(encoding ? ["content-encoding", encoding] : []),
      "content-length",
      bytes.length,
    ]);
  }
}

/** Distinct Accept-Encoding values remembered with their answer (browsers send a handful). */
const MAX_KNOWN_HEADERS = 200;
/** a longer header is negotiated each time rather than remembered */
const MAX_KNOWN_HEADER_LENGTH = 200;
const knownHeaders = new Map<string, Encoding | null>();
const negotiator = new Negotiator<Encoding>({ supportedValues: ["br", "gzip"] });

/**
 * The compression to send, of the two we make, for a request's Accept-Encoding, q-values
 * included (`gzip;q=0` refuses gzip), by @fastify/accept-negotiator, as @fastify/static does for
 * the built assets. The one choice for both paths (the lane and sendPublic). A header seen
 * before costs one Map lookup.
 */
export function preferredEncoding(accepted: string | string[] | undefined): Encoding | null {
  if (typeof accepted !== "string" || accepted === "") return null;
  const known = knownHeaders.get(accepted);
  if (known !== undefined) return known;
  const chosen = negotiator.negotiate(accepted);
  if (accepted.length <= MAX_KNOWN_HEADER_LENGTH) {
    if (knownHeaders.size >= MAX_KNOWN_HEADERS) knownHeaders.clear();
    knownHeaders.set(accepted, chosen);
  }
  return chosen;
}

/**
 * Fastify's own HTTP/1 server (the same timeouts as the one it makes without a factory), with
 * the lane in front of its handler. `lane` is read per request: it exists once the app is built.
 */
export function serverWithFastLane(lane: () => PublicFastLane | undefined): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    // Fastify hands over its options with its defaults filled in (keepAliveTimeout 72 s, ...)
    const options = fastifyOptions as { http?: http.ServerOptions; keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number; maxRequestsPerSocket?: number };
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (!lane()?.answer(req, res)) handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
