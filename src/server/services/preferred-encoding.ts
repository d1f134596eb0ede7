import { Negotiator } from "@fastify/accept-negotiator";
import { rememberedPerValue } from "../lib/remembered";

export type Encoding = "br" | "gzip";

const negotiator = new Negotiator<Encoding>({ supportedValues: ["br", "gzip"] });
// browsers send a handful of distinct values
const negotiated = rememberedPerValue((accepted) => negotiator.negotiate(accepted), { max: 200, maxLength: 200 });

/**
 * The compression to send, of the two we make, for a request's Accept-Encoding, q-values
 * included (`gzip;q=0` refuses gzip), by @fastify/accept-negotiator, as @fastify/static does for
 * the built assets. The one choice for both paths (the fast lane and sendPublic). A header seen
 * before costs one Map lookup.
 */
export function preferredEncoding(accepted: string | string[] | undefined): Encoding | null {
  if (typeof accepted !== "string" || accepted === "") return null;
  return negotiated(accepted);
}
