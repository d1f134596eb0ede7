import { Negotiator } from "@fastify/accept-negotiator";

export type Encoding = "br" | "gzip";

/** Distinct Accept-Encoding values remembered with their answer (browsers send a handful). */
const MAX_KNOWN_HEADERS = 200;
/** a longer header is negotiated each time rather than remembered */
const MAX_KNOWN_HEADER_LENGTH = 200;
const knownHeaders = new Map<string, Encoding | null>();
const negotiator = new Negotiator<Encoding>({ supportedValues: ["br", "gzip"] });

/**
 * The compression to send, of the two we make, for a request's Accept-Encoding, q-values
 * included (`gzip;q=0` refuses gzip), by @fastify/accept-negotiator, as @fastify/static does for
 * the built assets. The one choice for both paths (the fast lane and sendPublic). A header seen
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
