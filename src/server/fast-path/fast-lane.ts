import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyServerFactory } from "fastify";
import { COMPRESS_MIN_BYTES, compressedNow, type PublicCache } from "../services/public-cache";
import { headOf } from "../services/public-head";
import { preferredEncoding } from "../services/preferred-encoding";
import type { HttpsCheck } from "../services/request-https";
import { keepReadBody, senderOf, type PostTaker, type TrustProxy } from "./post-taker";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The public cache's fast lane (decisions 020, 032; README.md here). Under a crowd nearly every
 * request is a GET of a public answer whose bytes are ready; for those, Fastify's routing, hooks
 * and reply machinery cost more CPU than the answer itself. The lane sits in front of Fastify in
 * the node:http request listener: a plain GET of a URL that Fastify's `sendPublic` has already
 * answered from the cache (the cache remembers the URL) gets the same bytes with the same head:
 * the one the cache entry carries (services/public-head.ts), which `sendPublic` writes too.
 *
 * Anything else goes to Fastify as before: another method, a request with credentials or any
 * cookie, a conditional request (If-None-Match: Fastify answers the 304), an answer that is not
 * in the cache (never built, invalidated by a write, expired) or whose compressed form is not
 * made yet. So the lane decides nothing: it replays what Fastify answered for the same URL and
 * cache entry. `FAST_LANE=off` leaves it out (Fastify makes its own server).
 */
export class PublicFastLane {
  private open = true;
  private readonly takers = new Map<string, PostTaker>();
  private readonly sender: ReturnType<typeof senderOf>;

  constructor(
    private readonly cache: PublicCache,
    private readonly https: HttpsCheck,
    trustProxy: TrustProxy,
  ) {
    this.sender = senderOf(trustProxy);
  }

  /** No more answers (the app is closing: Fastify answers what still arrives). */
  close() {
    this.open = false;
  }

  /** A module's small POST the lane answers when the module's own rules say yes (post-taker.ts). */
  takePosts(taker: PostTaker) {
    this.takers.set(taker.path, taker);
  }

  /**
   * Answers the request (true), or leaves it to Fastify (false). A POST a taker wants is read
   * here first: true, and `fastify` gets it later, with its body, if the taker declines.
   */
  answer(req: IncomingMessage, res: ServerResponse, fastify?: Handler): boolean {
    if (!this.open) return false;
    if (req.method === "POST") return fastify ? this.post(req, res, fastify) : false;
    if (req.method !== "GET") return false;
    const h = req.headers;
    if (h.authorization !== undefined || h.cookie !== undefined || h["if-none-match"] !== undefined) return false;
    const ready = this.cache.peekUrl(req.url ?? "");
    if (!ready || ready.status !== 200) return false;
    const encoding = ready.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(h["accept-encoding"]) : null;
    const bytes = encoding ? compressedNow(ready, encoding) : ready.body;
    if (!bytes) return false;
    res.writeHead(200, headOf(ready, { encoding, https: this.https(req) }) as string[]);
    res.end(bytes);
    return true;
  }

  /**
   * A POST to a taker's path, with no credentials or cookie, of its content type and a declared
   * length within its limit: the body is read, then the taker answers or Fastify does.
   */
  private post(req: IncomingMessage, res: ServerResponse, fastify: Handler): boolean {
    const taker = this.takers.get(req.url ?? "");
    if (!taker) return false;
    const h = req.headers;
    if (h.authorization !== undefined || h.cookie !== undefined || h["transfer-encoding"] !== undefined) return false;
    const length = Number(h["content-length"]);
    if (!Number.isInteger(length) || length <= 0 || length > taker.maxBytes) return false;
    const type = h["content-type"] ?? "";
    const semi = type.indexOf(";");
    if ((semi === -1 ? type : type.slice(0, semi)).trim().toLowerCase() !== taker.contentType) return false;

    const chunks: Buffer[] = [];
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    });
    req.once("end", () => {
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
      const answer = received === length ? taker.take(body.toString("utf8"), { ...this.sender(req), headers: h, https: this.https(req) }) : null;
      if (answer) {
        res.writeHead(answer.status, answer.head);
        res.end();
        return;
      }
      keepReadBody(req, body);
      fastify(req, res);
    });
    // a client that goes away mid-body: nothing to answer
    req.once("error", () => req.destroy());
    return true;
  }
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
      if (!lane()?.answer(req, res, handler)) handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
