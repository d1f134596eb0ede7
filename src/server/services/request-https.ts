import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";

/**
 * Whether an answer goes to a site on https, for HSTS (services/answer-headers.ts): the one check
 * both paths use (Fastify's and the fast lane's), on the raw request.
 * - `PUBLIC_URL` on https (the site's address, what mails and links use): every answer. A TLS
 *   proxy that does not pass the protocol on (nginx's default) still gets HSTS, as before.
 * - Otherwise the request itself: a TLS socket, or `X-Forwarded-Proto: https` from a proxy that
 *   `TRUST_PROXY` lists, the way Fastify's `request.protocol` decides (a hop count proves nothing
 *   about the peer, so Fastify, and this, ignore the header then).
 */
export type HttpsCheck = (req: IncomingMessage) => boolean;

export function httpsCheck(config: { PUBLIC_URL: string; TRUST_PROXY: false | string[] }): HttpsCheck {
  if (config.PUBLIC_URL.startsWith("https:")) return () => true;
  const trusted = Array.isArray(config.TRUST_PROXY) ? proxyAddr.compile(config.TRUST_PROXY) : () => false;
  return (req) => {
    if ((req.socket as { encrypted?: boolean }).encrypted) return true;
    const proto = req.headers["x-forwarded-proto"];
    if (typeof proto !== "string" || !trusted(req.socket.remoteAddress ?? "", 0)) return false;
    const last = proto.lastIndexOf(",");
    return (last === -1 ? proto : proto.slice(last + 1)).trim() === "https";
  };
}
