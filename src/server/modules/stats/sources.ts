/**
 * Where a visit came from, by name (issue 23): utm_source when the link carried one, else the
 * referrer's site grouped (instagram, facebook, tiktok, search engines...), else 'direct'.
 * A referrer from the site itself (its PUBLIC_URL host, or the Host the request came to) is
 * INTERNAL_SOURCE: a click between its own pages, left out of the sources.
 */
const SITES: [RegExp, string][] = [
  [/(^|\.)(mail\.google\.com|outlook\.live\.com|mail\.yahoo\.com)$/, "email"],
  [/(^|\.)instagram\.com$/, "instagram"],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com)$/, "facebook"],
  [/(^|\.)tiktok\.com$/, "tiktok"],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, "x"],
  [/(^|\.)(youtube\.com|youtu\.be)$/, "youtube"],
  [/(^|\.)(reddit\.com)$/, "reddit"],
  [/(^|\.)(bandcamp\.com)$/, "bandcamp"],
  [/(^|\.)(spotify\.com)$/, "spotify"],
  [/(^|\.)(soundcloud\.com)$/, "soundcloud"],
  [/(^|\.)(threads\.net|threads\.com)$/, "threads"],
  [/(^|\.)(bsky\.app)$/, "bluesky"],
  [/(^|\.)google\.[a-z.]+$/, "google"],
  [/(^|\.)bing\.com$/, "bing"],
  [/(^|\.)duckduckgo\.com$/, "duckduckgo"],
  [/(^|\.)(yahoo\.com|search\.yahoo\.com)$/, "yahoo"],
  [/(^|\.)(ecosia\.org)$/, "ecosia"],
];

const MAX_NAME = 60;

/** A page view from another page of the site itself: not a source (the report leaves it out). */
export const INTERNAL_SOURCE = "internal";

/** A tag as typed by people (Instagram, IG, ig-story): lower case, trimmed, short. */
function tidy(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, " ").slice(0, MAX_NAME);
}

const UTM_ALIASES: Record<string, string> = { ig: "instagram", fb: "facebook", tw: "x", twitter: "x", yt: "youtube", mail: "newsletter", email: "newsletter" };

export interface VisitSource {
  /** the path without its query string */
  path: string;
  source: string;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** The page path without query or fragment, and where the visit came from. */
export function visitSource(pathWithQuery: string, referrer: string, siteHosts: string[]): VisitSource {
  const cut = pathWithQuery.search(/[?#]/);
  const path = cut < 0 ? pathWithQuery : pathWithQuery.slice(0, cut);
  const query = new URLSearchParams(cut < 0 ? "" : pathWithQuery.slice(cut).replace(/^[?]/, "").replace(/#.*$/, ""));
  const utm = (key: string) => {
    const v = query.get(key);
    return v && v.trim() ? tidy(v) : null;
  };
  const utmSource = utm("utm_source");
  const named = utmSource ? (UTM_ALIASES[utmSource] ?? utmSource) : referrerSource(referrer, siteHosts);
  return { path: path.slice(0, 500) || "/", source: named, utmMedium: utm("utm_medium"), utmCampaign: utm("utm_campaign") };
}

function referrerSource(referrer: string, siteHosts: string[]): string {
  if (!referrer) return "direct";
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "direct";
    if (siteHosts.includes(url.host.toLowerCase()) || siteHosts.includes(url.hostname.toLowerCase())) return INTERNAL_SOURCE;
    host = url.hostname.toLowerCase();
  } catch {
    return "direct";
  }
  for (const [pattern, name] of SITES) if (pattern.test(host)) return name;
  return tidy(host.replace(/^www\./, "").replace(/^m\./, "").replace(/^l\./, ""));
}
