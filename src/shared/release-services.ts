/**
 * Releases (issue 25, decision 041): the kinds, the streaming and store services with the hosts
 * each link must be on, and when a release is out. Zod-free: the public pages, the admin form,
 * the server's checks and the page clock read it.
 */

export const RELEASE_TYPES = ["single", "ep", "album"] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];
export const RELEASE_TYPE_LABELS: Record<ReleaseType, string> = { single: "Single", ep: "EP", album: "Album" };

export const RELEASE_SERVICES = ["spotify", "apple-music", "bandcamp", "youtube-music", "tidal", "amazon-music", "deezer", "soundcloud"] as const;
export type ReleaseService = (typeof RELEASE_SERVICES)[number];

export interface ReleaseLink {
  service: ReleaseService;
  url: string;
}

export const SERVICE_LABELS: Record<ReleaseService, string> = {
  spotify: "Spotify",
  "apple-music": "Apple Music",
  bandcamp: "Bandcamp",
  "youtube-music": "YouTube Music",
  tidal: "Tidal",
  "amazon-music": "Amazon Music",
  deezer: "Deezer",
  soundcloud: "SoundCloud",
};

/**
 * The hosts a service's links may be on (https only). An entry starting with '.' allows any
 * subdomain (a Bandcamp artist's own 'band.bandcamp.com'); Amazon has a store per country.
 */
const SERVICE_HOSTS: Record<ReleaseService, readonly string[]> = {
  spotify: ["open.spotify.com", "spotify.link"],
  "apple-music": ["music.apple.com"],
  bandcamp: [".bandcamp.com"],
  "youtube-music": ["music.youtube.com"],
  tidal: ["tidal.com", "listen.tidal.com"],
  "amazon-music": ["music.amazon.com", "music.amazon.co.uk", "music.amazon.de", "music.amazon.fr", "music.amazon.ca", "music.amazon.com.au", "music.amazon.co.jp", "music.amazon.es", "music.amazon.it", "amazon.com", "www.amazon.com"],
  deezer: ["www.deezer.com", "deezer.com", "link.deezer.com", "deezer.page.link"],
  soundcloud: ["soundcloud.com", "on.soundcloud.com", "m.soundcloud.com"],
};

/** Why a link is refused, or null: https, no credentials, on one of the service's hosts. */
export function serviceLinkProblem(service: ReleaseService, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be a full link (https://...)";
  }
  if (parsed.protocol !== "https:") return "must start with https://";
  if (parsed.username || parsed.password) return "must not carry a user name or password";
  const host = parsed.hostname.toLowerCase();
  const ok = SERVICE_HOSTS[service].some((h) => (h.startsWith(".") ? host.endsWith(h) && host.length > h.length : host === h));
  return ok ? null : `is not a ${SERVICE_LABELS[service]} link (${SERVICE_HOSTS[service].map((h) => (h.startsWith(".") ? `*${h}` : h)).join(", ")})`;
}

/** A release's address from its title: 'Static Season (Deluxe)' -> 'static-season-deluxe'. */
export function slugOf(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "release";
}

/** What /releases/:slug accepts as a slug. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;

/** Whether a release is out at `at` (ms). */
export const isOutAt = (release: { releaseAt: string | Date }, at: number) => at >= new Date(release.releaseAt).getTime();

const fmt = (timeZone: string, opts: Intl.DateTimeFormatOptions) => {
  try {
    return new Intl.DateTimeFormat("en-US", { ...opts, timeZone });
  } catch {
    return new Intl.DateTimeFormat("en-US", { ...opts, timeZone: "UTC" });
  }
};

/** 'Dec 4, 2026', the day a release comes out in the band's time zone. */
export const releaseDay = (at: string | Date, timeZone: string) => fmt(timeZone, { month: "short", day: "numeric", year: "numeric" }).format(new Date(at));

/** 'Friday, Dec 4, 2026, 12:00 AM EST', when a release comes out in the band's time zone. */
export const releaseMoment = (at: string | Date, timeZone: string) =>
  fmt(timeZone, { weekday: "long", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(new Date(at));
