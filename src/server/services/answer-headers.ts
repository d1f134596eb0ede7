import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import helmet from "helmet";

/**
 * The headers each kind of answer carries, written once per kind (issue 22, decision 032). Every
 * answer, the Fastify path's (`plugins/security.ts`, `sendPublic`) and the fast lane's, takes its
 * security headers from here:
 * - a page (HTML, a document a browser runs): the policies, from helmet (CSP with the embeds'
 *   origins, frame, referrer, opener, ...);
 * - an admin page: the same with a CSP that allows none of the public site's social origins;
 * - markup a browser may render as a document although it is no page (XML feeds, SVG):
 *   no sniffing, the resource policy, and a CSP that runs nothing (`default-src 'none'; sandbox`);
 * - data (JSON, calendars, plain text, scripts, styles, images, anything else): no sniffing and
 *   the resource policy. A CSP or frame policy means nothing on an answer no browser renders.
 * Every kind adds HSTS when the site is on https (`services/request-https.ts`): a browser ignores
 * it over http (RFC 6797 8.1), so that is where it was wasted bytes.
 * Caching headers (Cache-Control, ETag, Vary) are the answer's own, not the kind's.
 */
export type AnswerKind = "page" | "admin-page" | "markup" | "data";
export type HeaderList = readonly (readonly [string, string])[];

// Third parties the public pages embed: video, music players and social widgets.
const FRAMES = [
  "https://www.youtube-nocookie.com",
  "https://www.youtube.com",
  "https://w.soundcloud.com",
  "https://open.spotify.com",
  "https://bandcamp.com",
  "https://www.instagram.com",
  "https://www.facebook.com",
  "https://platform.twitter.com",
  "https://syndication.twitter.com",
];
const SCRIPTS = ["https://www.instagram.com", "https://connect.facebook.net", "https://platform.twitter.com"];
/**
 * The admin pages load no social script and no widget: their one outside frame is the video
 * form's player preview (YouTube; a video link is converted to its embed).
 */
const ADMIN_FRAMES = ["https://www.youtube-nocookie.com", "https://www.youtube.com"];

const pagePolicies = (scripts: string[], frames: string[]): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      mediaSrc: ["'self'", "blob:", "https:"],
      frameSrc: frames,
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Embedded players (YouTube etc.) need cross-origin frames to load.
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: "same-site" },
  // added below for https only
  strictTransportSecurity: false,
});

/** What helmet sets with these options, collected from a response that is never sent. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): HeaderList {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet(options)(req, res, () => {});
  return Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)] as const);
}

/** helmet's default, as every answer carried it before decision 032 */
const HSTS = ["strict-transport-security", "max-age=31536000; includeSubDomains"] as const;
const DATA: HeaderList = [
  ["x-content-type-options", "nosniff"],
  ["cross-origin-resource-policy", "same-site"],
];
/** the same value uploads carry (plugins/static.ts) */
export const INERT_CSP = "default-src 'none'; sandbox";

interface KindHeaders {
  http: HeaderList;
  https: HeaderList;
}
const both = (list: HeaderList): KindHeaders => ({ http: list, https: [...list, HSTS] });

// helmet runs once per process (per request it re-parsed the CSP: decision 009)
let kinds: Record<AnswerKind, KindHeaders> | undefined;
function allKinds(): Record<AnswerKind, KindHeaders> {
  return (kinds ??= {
    page: both(helmetHeaders(pagePolicies(SCRIPTS, FRAMES))),
    "admin-page": both(helmetHeaders(pagePolicies([], ADMIN_FRAMES))),
    markup: both([...DATA, ["content-security-policy", INERT_CSP]]),
    data: both(DATA),
  });
}

/** The security headers of one kind of answer (for a request over https or not). */
export function kindHeaders(kind: AnswerKind, https: boolean): HeaderList {
  const k = allKinds()[kind];
  return https ? k.https : k.http;
}

const MARKUP = /^(?:application\/(?:[\w.+-]+\+)?xml|text\/xml|image\/svg\+xml)\b/i;

/** The kind of an answer by its content type (no type at all, e.g. a 304 or a redirect: data). */
export function kindOf(contentType: unknown): Exclude<AnswerKind, "admin-page"> {
  if (typeof contentType !== "string") return "data";
  if (/^text\/html\b/i.test(contentType) || /^application\/xhtml\+xml\b/i.test(contentType)) return "page";
  return MARKUP.test(contentType) ? "markup" : "data";
}
