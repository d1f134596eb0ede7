import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import proxyAddr from "@fastify/proxy-addr";

/**
 * A small POST the fast lane may answer before Fastify (README.md here): the stats beacon. Its
 * module gives the lane a `take` that runs the route's own rules on the body (its schema, its
 * limit, its recording) and answers only the happy case; anything else (a bad body, a client
 * over its limit) is declined and goes to Fastify with the body the lane read (`replayedBody`),
 * so every other answer is Fastify's own.
 */
export interface PostTaker {
  /** the exact URL (no query) */
  path: string;
  /** the content type it takes (the part before any `;`), e.g. "text/plain" */
  contentType: string;
  /** the largest body it takes, in bytes (the route's bodyLimit) */
  maxBytes: number;
  /** the answer's status and head, or null: Fastify answers */
  take(body: string, who: PostSender): { status: number; head: string[] } | null;
}

/** Who sent it, as Fastify's request names them (`request.ip`, `request.host`) under the same TRUST_PROXY. */
export interface PostSender {
  ip: string;
  host: string;
  headers: IncomingHttpHeaders;
  https: boolean;
}

/** Fastify's `trustProxy` option as its own request object reads it (fastify/lib/request.js). */
export type TrustProxy = boolean | number | string | string[];

/**
 * `request.ip` and `request.host` computed as Fastify computes them for the same `trustProxy`
 * (the same library, @fastify/proxy-addr, the same rules): the lane's taker must count the same
 * address Fastify's route would. `fast-lane.test.ts` checks both paths record the same one.
 */
export function senderOf(trustProxy: TrustProxy): (req: IncomingMessage) => { ip: string; host: string } {
  const hostHeader = (req: IncomingMessage) => req.headers.host ?? (req.headers as Record<string, string | undefined>)[":authority"] ?? "";
  if (!trustProxy) return (req) => ({ ip: req.socket.remoteAddress ?? "", host: hostHeader(req) });
  const trusts: (address: string, hop: number) => boolean =
    trustProxy === true ? () => true : typeof trustProxy === "number" ? () => false : proxyAddr.compile(typeof trustProxy === "string" ? trustProxy.split(",").map((v) => v.trim()) : trustProxy);
  return (req) => {
    const all = proxyAddr.all(req, trusts);
    const forwardedHost = req.headers["x-forwarded-host"];
    const host = forwardedHost && trusts(req.socket.remoteAddress ?? "", 0) ? lastEntry(String(forwardedHost)) : hostHeader(req);
    return { ip: all[all.length - 1] ?? "", host };
  };
}

function lastEntry(value: string): string {
  const at = value.lastIndexOf(",");
  return at === -1 ? value.trim() : value.slice(at + 1).trim();
}

/** The body the lane read before it handed the request to Fastify. */
const READ_BODY = Symbol("fast lane: the body it read");
type WithBody = IncomingMessage & { [READ_BODY]?: Buffer };

export function keepReadBody(req: IncomingMessage, body: Buffer) {
  (req as WithBody)[READ_BODY] = body;
}

/**
 * For the route's `preParsing` hook: the body the lane read and declined, as a stream Fastify's
 * parser reads like the request's own (the same bytes, so Content-Length still matches); or
 * undefined, and Fastify reads the request as usual.
 */
export function replayedBody(req: IncomingMessage): Readable | undefined {
  const body = (req as WithBody)[READ_BODY];
  return body === undefined ? undefined : Readable.from([body], { objectMode: false });
}
