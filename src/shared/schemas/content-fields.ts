import { z } from "zod";
import { multilineText, text } from "./text";

/**
 * Field builders shared by the content schemas (shows, merchandise, videos, lyrics), so each
 * resource file reads as the spec's list of rules. Each builder carries the spec's message.
 */

/** A required line of text: trimmed, not empty, bounded. */
export const requiredText = (message: string, max = 200, opts: { multiline?: boolean } = {}) =>
  (opts.multiline ? multilineText : text)({ message })
    .trim()
    .min(1, message)
    .max(max, `Too long (${max.toLocaleString("en-US")} characters at most)`);

/** Optional text: '' and null both mean "none" (stored as null). */
export const optionalText = (max = 200) =>
  text({ message: "Must be text" })
    .trim()
    .max(max, `Too long (${max.toLocaleString("en-US")} characters at most)`)
    .nullish()
    .transform((v) => (v ? v : null));

const URL_MESSAGE = "Must be a valid URL";

/** http(s) only: these links end up in hrefs and <img src>, so javascript: and data: are refused. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A site path such as '/uploads/images/x.png' (what an upload returns). Not a protocol-relative
 * '//host', and no backslash: browsers read '/\host' as '//host' too.
 */
export const isSitePath = (value: string) => /^\/(?!\/)[^\s\\]*$/.test(value);

/** A valid web URL or empty (''); empty and missing both become ''. */
export const optionalUrl = (opts: { allowSitePath?: boolean } = {}) =>
  text({ message: URL_MESSAGE })
    .trim()
    .max(2000, "URL is too long (2,000 characters at most)")
    .refine((v) => v === "" || isWebUrl(v) || (opts.allowSitePath === true && isSitePath(v)), URL_MESSAGE)
    .nullish()
    .transform((v) => v ?? "");

/** A required web URL (or site path): `requiredMessage` when empty, 'Must be a valid URL' when malformed. */
export const requiredUrl = (requiredMessage: string, opts: { allowSitePath?: boolean } = {}) =>
  text({ message: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(2000, "URL is too long (2,000 characters at most)")
    .refine((v) => isWebUrl(v) || (opts.allowSitePath === true && isSitePath(v)), URL_MESSAGE);

/** numeric(6,2) holds at most 9999.99. */
export const MAX_PRICE = 9999.99;

/**
 * A price: a number or a numeric string (the client sends a string, spec section 7); blank
 * becomes 0 (spec). Negative fails 'Price must be positive'; whether 0 is allowed is the
 * resource's rule (a free show is, merchandise is not). Comes out as a 2-decimal string for
 * the numeric(6,2) column. Missing counts as blank.
 */
export const priceField = () =>
  z
    .union([z.number(), text()], { message: "Price must be a number" })
    .nullish()
    .transform((v, ctx) => {
      if (v == null) return 0;
      if (typeof v === "number") return v;
      const text = v.trim();
      if (text === "") return 0;
      const n = Number(text);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: "custom", message: "Price must be a number" });
        return z.NEVER;
      }
      return n;
    })
    .pipe(
      z
        .number({ message: "Price must be a number" })
        .min(0, "Price must be positive")
        .max(MAX_PRICE, `Price must be at most ${MAX_PRICE}`),
    )
    .transform((n) => n.toFixed(2));

/** An integer order value; the spec turns non-numeric input into 0 on the client. */
export const sortOrderField = (min = -100_000) =>
  z
    .number({ message: "Sort order must be a whole number" })
    .int("Sort order must be a whole number")
    .min(min, min === 0 ? "Sort order must be 0 or more" : `Sort order must be at least ${min}`)
    .max(100_000, "Sort order must be at most 100000")
    .optional()
    .default(0);

export const flag = (name: string, fallback: boolean) =>
  z.boolean({ message: `${name} must be true or false` }).optional().default(fallback);
