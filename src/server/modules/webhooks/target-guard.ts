import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";

/*
 * Where a webhook may go (issue 26, decision 040). A URL is checked when it is saved (scheme,
 * cloud metadata, a private address written as such: a 400) and again at every send on the
 * addresses its name resolves to, and the connection goes to the very address that was checked
 * (the request's `lookup`), so DNS cannot point around the check between the two.
 * The ranges come from ipaddr.js (the IP parser Fastify's proxy-addr uses).
 */

/** Cloud metadata services: refused always, WEBHOOK_ALLOW_PRIVATE or not (AWS/GCP/Azure/OpenStack, AWS ECS, Alibaba, AWS IPv6). */
const METADATA = new Set(["169.254.169.254", "169.254.170.2", "100.100.100.200", "fd00:ec2::254"].map((a) => normal(ipaddr.parse(a))));

/** Ranges no webhook can mean: refused always. */
const NEVER = new Set(["unspecified", "multicast", "broadcast"]);

function normal(addr: ipaddr.IPv4 | ipaddr.IPv6): string {
  const a = addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
  return a.toNormalizedString();
}

export class RefusedTarget extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedTarget";
  }
}

/** Why an address may not be a target, or null when it may. */
export function refusalOf(address: string, allowPrivate: boolean): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return `${address} is not an IP address`;
  }
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (METADATA.has(parsed.toNormalizedString())) return "a cloud metadata address is never a webhook target";
  const range = parsed.range();
  if (range === "unicast") return null;
  if (NEVER.has(range)) return `a ${range} address is never a webhook target`;
  if (allowPrivate) return null;
  return `a ${range === "private" || range === "uniqueLocal" ? "private" : range} address is refused (set WEBHOOK_ALLOW_PRIVATE=true to allow targets on your own network)`;
}

/** The host of a URL as an address, when it is written as one ('[::1]' -> '::1'); null for a name. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : null;
}

/**
 * The check when an endpoint is saved: http(s) only (the schema says so too), no metadata
 * address, and, unless allowed, no loopback or private address written in the URL. A name is
 * checked on what it resolves to at each send (checkedLookup).
 */
export function refusalOfUrl(url: string, allowPrivate: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "URL must be a web address starting with https:// or http://";
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return "URL must be a web address starting with https:// or http://";
  const host = u.hostname.toLowerCase();
  const literal = literalAddress(host);
  if (literal) return refusalOf(literal, allowPrivate);
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost"))) return "a loopback address is refused (set WEBHOOK_ALLOW_PRIVATE=true to allow targets on your own network)";
  if (host === "metadata.google.internal" || host === "metadata") return "a cloud metadata address is never a webhook target";
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request: resolves the name, refuses it when any of its addresses may not
 * be a target, and hands the request the addresses it checked (nothing else is connected to).
 */
export function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, family: options.family, hints: options.hints }, (err, addresses) => {
      if (err) return callback(err, "");
      for (const a of addresses) {
        const why = refusalOf(a.address, allowPrivate);
        if (why) return callback(Object.assign(new RefusedTarget(`${hostname} resolves to ${a.address}: ${why}`), { code: "EWEBHOOKREFUSED" }), "");
      }
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** The send-time check of a URL whose host is an address (no lookup happens for those). */
export function refusalOfLiteralHost(url: URL, allowPrivate: boolean): string | null {
  const literal = literalAddress(url.hostname);
  return literal ? refusalOf(literal, allowPrivate) : null;
}
