import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString("base64url");

/**
 * newToken() for many tokens in a row (a newsletter mints two per mail): the random bytes are
 * drawn `batch` tokens at a time, one call into the CSPRNG instead of one per token.
 */
export function tokenSource(batch = 64): () => string {
  let bytes = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at >= bytes.length) {
      bytes = randomBytes(32 * batch);
      at = 0;
    }
    at += 32;
    return bytes.toString("base64url", at - 32, at);
  };
}
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
