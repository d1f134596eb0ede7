/**
 * The public pages (spec section 2): the one list of them. Each row says its path, the data its
 * server render reads (by name; where the client's queries use it, under their GET URL from
 * src/shared/api), and how it is described (title, description, Open Graph type, structured
 * data, the image to preload). The client's router (app/public-routes.tsx) draws each row with
 * its component; the server (services/pages/) reads each row's data once per render, inlines it,
 * and describes the page from that same read. A new public page is a row here, its component
 * there, and, for a new data name, its one reader in services/pages/initial-data.ts: the types
 * refuse a row without them.
 *
 * Zod-free and import-light: the client's entry chunk imports this file.
 */
import type { AudioTrack } from "./schemas/audio-tracks";
import type { BandMember } from "./schemas/band-members";
import type { BandPhoto } from "./schemas/band-photo";
import type { Lyrics } from "./schemas/lyrics";
import type { Merchandise } from "./schemas/merchandise";
import type { Release } from "./schemas/releases";
import type { Setting } from "./schemas/settings";
import type { Show } from "./schemas/shows";
import type { Video } from "./schemas/videos";
import type { PrivacyFacts } from "./privacy";
import type { PressKit } from "./schemas/press";
import { pressApi } from "./api/press";
import { audioTracksApi } from "./api/audio-tracks";
import { bandMembersApi } from "./api/band-members";
import { bandPhotoApi } from "./api/band-photo";
import { lyricsApi } from "./api/lyrics";
import { merchandiseApi } from "./api/merchandise";
import { privacyApi } from "./api/privacy";
import { releasesApi } from "./api/releases";
import { RELEASE_TYPE_LABELS, SLUG_PATTERN } from "./release-services";
import { SETTING_KEYS, settingsApi, type SettingKey } from "./api/settings";
import { showsApi } from "./api/shows";
import { videosApi } from "./api/videos";
import { settingOrDefault } from "./settings-defaults";
import { asSentence, homeTitle } from "./site-copy";

/**
 * What a page's render can read, by name, as the API sends it (the response schemas' encoding).
 * The server has one reader per name, and one render reads each name at most once.
 */
export interface PageDataValues {
  /** every public setting, by key: one query per key (`settingsApi.item`) */
  settings: Record<SettingKey, Setting>;
  /** the header player */
  featuredTracks: AudioTrack[];
  /** the hero's photo; null: the band has none */
  bandPhoto: BandPhoto | null;
  videos: Video[];
  /** every show from today on */
  upcomingShows: Show[];
  /** the first HOME_SHOWS_LIMIT of those: the home page's section */
  homeShows: Show[];
  /** the first page of the archive */
  pastShows: Show[];
  members: BandMember[];
  lyrics: Lyrics[];
  merchandise: Merchandise[];
  /** the lyric a /lyrics/:id page names, when it is published; null otherwise */
  lyric: Lyrics | null;
  /** what the privacy page states from the server's configuration (STATS_RETENTION_DAYS) */
  privacy: PrivacyFacts;
  /** the press kit (issue 25); null while the band has it switched off */
  pressKit: PressKit | null;
  /** published releases, newest first (issue 25): /releases, and the latest in the home page's music section */
  releases: Release[];
  /** the release a /releases/:slug page names, when it is published; null otherwise */
  release: Release | null;
}
export type PageDataKey = keyof PageDataValues;

/** A page's path parameters (`:id`), in their canonical spelling. */
export type PageParams = Record<string, string>;

/** Where each name lands in the page's inlined data: the answers the client's first queries would fetch, keyed by their GET URL. */
export const PAGE_DATA_QUERIES: { [K in PageDataKey]: (value: PageDataValues[K], params: PageParams) => Record<string, unknown> } = {
  settings: (value) => Object.fromEntries(SETTING_KEYS.map((key) => [settingsApi.item(key), value[key]])),
  featuredTracks: (value) => ({ [audioTracksApi.featured]: value }),
  bandPhoto: (value) => ({ [bandPhotoApi.item]: value }),
  videos: (value) => ({ [videosApi.active]: value }),
  upcomingShows: (value) => ({ [showsApi.upcoming]: value }),
  homeShows: (value) => ({ [showsApi.home]: value }),
  pastShows: (value) => ({ [showsApi.past()]: value }),
  members: (value) => ({ [bandMembersApi.list]: value }),
  lyrics: (value) => ({ [lyricsApi.list]: value }),
  merchandise: (value) => ({ [merchandiseApi.list]: value }),
  // a missing or unpublished lyric is inlined as a known-missing answer: the page draws its own "not found"
  lyric: (value, params) => ({ [lyricsApi.item(Number(params.id))]: value }),
  privacy: (value) => ({ [privacyApi.facts]: value }),
  pressKit: (value) => ({ [pressApi.kit]: value }),
  releases: (value) => ({ [releasesApi.list]: value }),
  // a missing or draft release is inlined as a known-missing answer: the page draws its own "not found"
  release: (value, params) => ({ [releasesApi.item(params.slug)]: value }),
};

/** What every page with the site's header and player needs. */
const HEADER = ["settings", "featuredTracks"] as const satisfies readonly PageDataKey[];

/** What the describing functions know of the band besides the page's data. */
export interface PageSite {
  bandName: string;
  /** the tagline as the site shows it (its default until saved; saved empty: "") */
  tagline: string;
}

/**
 * The structured data (JSON-LD) a page carries, by kind; the server builds each
 * (services/pages/json-ld.ts) from the page's data: 'band-with-members' reads `members`,
 * 'upcoming-events' `upcomingShows`, 'song' `lyric`, 'release' `release` (MusicAlbum or MusicRecording).
 */
export type StructuredData = "band" | "band-with-members" | "upcoming-events" | "song" | "release";

/** The page's likely largest paint, preloaded from the head: 'hero' the band photo, else the featured cover; 'first-video' the first video's thumbnail. */
export type LcpImage = "hero" | "first-video";

/**
 * An empty marker at the end of the home page's header (band name, intro, featured player): the
 * element its first paint waits for. At the end, not on the header: Chromium stops waiting when it
 * has parsed the element's start tag (measured, Chromium 156), so the marker comes after it all.
 */
export const HOME_HERO_END_ID = "hero-end";

/** A path parameter's spelling: other spellings of a valid value redirect to `canonical`'s. */
export interface ParamRule {
  pattern: RegExp;
  canonical?: (value: string) => string;
}

export interface PublicPage<K extends PageDataKey = PageDataKey> {
  /** the router's pattern ('/lyrics/:id'); the server takes only what `params` allow */
  path: string;
  params?: Record<string, ParamRule>;
  /** read and inlined into the page: the client's first render draws from it */
  data: readonly K[];
  /** read for the description and structured data only, not inlined (the home page lists 50 shows, its description counts them all) */
  alsoReads?: readonly K[];
  /** in search results (canonical link, sitemap); otherwise noindex */
  indexed: boolean;
  /** 'cached': drawn on the server once and kept (a public answer); 'per-request': drawn by its module's route for each request (a mail link's token) */
  drawn: "cached" | "per-request";
  ogType?: "website" | "music.song" | "music.album";
  /** the page's own share image (og:image), a site path or URL; absent or null: the site's */
  shareImage?(data: Pick<PageDataValues, K>): string | null;
  /** default ['band'] */
  structuredData?: readonly StructuredData[];
  lcpImage?: LcpImage;
  /**
   * The id of an element the first paint waits for (`<link rel="expect" blocking="render">`): the
   * end of a part at the top whose layout depends on what comes later inside it (the home page's
   * hero centres its text against the whole player), so the browser draws none of it half-parsed. A browser that has only part
   * of the HTML (a slow network, a busy phone) draws what it has: the player without its controls,
   * then the text moved down 89 px at 1440 px once the rest came (a layout shift, 28 Nov 2026).
   */
  firstPaintAfter?: string;
  /** false: the page's record is missing, and it answers 404 with the page's own "not found" */
  found?(data: Pick<PageDataValues, K>): boolean;
  describe(site: PageSite, data: Pick<PageDataValues, K>, params: PageParams): { title: string; description: string };
}

/** Types a row: its describing functions see the data it names. */
const page = <K extends PageDataKey>(row: PublicPage<K>): PublicPage<K> => row;

export const PUBLIC_PAGES = {
  home: page({
    path: "/",
    data: [...HEADER, "bandPhoto", "videos", "homeShows", "members", "lyrics", "releases"],
    alsoReads: ["upcomingShows"],
    indexed: true,
    drawn: "cached",
    structuredData: ["band-with-members", "upcoming-events"],
    // the band photo, when there is one, is the header's largest paint at every width (issue 21)
    lcpImage: "hero",
    firstPaintAfter: HOME_HERO_END_ID,
    describe: ({ bandName, tagline }, { upcomingShows }) => ({
      title: homeTitle(bandName, tagline),
      description: `${tagline ? `${bandName}: ${asSentence(tagline)}` : `${bandName}.`} Stream the new songs, watch videos, catch a show${upcomingShows.length ? ` (${upcomingShows.length} upcoming)` : ""}, read the lyrics and grab merch.`,
    }),
  }),
  shows: page({
    path: "/shows",
    data: [...HEADER, "upcomingShows", "pastShows"],
    indexed: true,
    drawn: "cached",
    structuredData: ["band", "upcoming-events"],
    describe: ({ bandName }, { upcomingShows }) => {
      const next = upcomingShows[0];
      return {
        title: `Shows | ${bandName}`,
        description: `${bandName} tour dates${next ? ` (next: ${next.venue}, ${next.location})` : ""}, a calendar to subscribe to, and every past show by year.`,
      };
    },
  }),
  videos: page({
    path: "/videos",
    data: [...HEADER, "videos"],
    indexed: true,
    drawn: "cached",
    // the first video's thumbnail is this page's largest paint: started with the HTML, the same file the <picture> takes
    lcpImage: "first-video",
    describe: ({ bandName }) => ({ title: `Videos | ${bandName}`, description: `Music videos, live sets and tour documentaries from ${bandName}.` }),
  }),
  merch: page({
    path: "/merch",
    data: [...HEADER, "merchandise"],
    indexed: true,
    drawn: "cached",
    describe: ({ bandName }, { settings }) => {
      // the merch page's own intro (Settings > Words on the site), as the page shows it
      const intro = settingOrDefault("merch-intro", settings["merch-intro"]?.value).trim();
      return { title: `Official Merch | ${bandName}`, description: `Official ${bandName} merch.${intro ? ` ${intro}` : ""}` };
    },
  }),
  lyrics: page({
    path: "/lyrics",
    data: [...HEADER, "lyrics"],
    indexed: true,
    drawn: "cached",
    describe: ({ bandName }) => ({ title: `Lyrics | ${bandName}`, description: `Lyrics to every ${bandName} song. Learn the words, then scream them back at us.` }),
  }),
  lyric: page({
    path: "/lyrics/:id",
    // '/lyrics/007' is '/lyrics/7'
    params: { id: { pattern: /^\d{1,9}$/, canonical: (id) => String(Number(id)) } },
    data: [...HEADER, "lyric"],
    indexed: true,
    drawn: "cached",
    ogType: "music.song",
    structuredData: ["band", "song"],
    // an unknown or unpublished id: the lyric page's own "not found", status 404
    found: ({ lyric }) => lyric !== null,
    describe: ({ bandName }, { lyric }) => {
      const row = lyric!;
      const first = row.lyricsText.split(/\r?\n/).find((l) => l.trim())?.trim() ?? "";
      return {
        title: `${row.title} Lyrics | ${bandName}`,
        description: `Lyrics to "${row.songName}" by ${bandName}${row.albumName ? ` from ${row.albumName}` : ""}${row.releaseYear ? ` (${row.releaseYear})` : ""}. "${first.slice(0, 80)}…"`,
      };
    },
  }),
  // issue 25: every published release, newest first
  releases: page({
    path: "/releases",
    data: [...HEADER, "releases"],
    indexed: true,
    drawn: "cached",
    describe: ({ bandName }, { releases }) => ({
      title: `Releases | ${bandName}`,
      description: `Every ${bandName} single, EP and album${releases[0] ? `, the latest: ${releases[0].title}` : ""}. Stream them where you listen.`,
    }),
  }),
  release: page({
    path: "/releases/:slug",
    params: { slug: { pattern: SLUG_PATTERN } },
    data: [...HEADER, "release"],
    indexed: true,
    drawn: "cached",
    ogType: "music.album",
    structuredData: ["band", "release"],
    found: ({ release }) => release !== null,
    shareImage: ({ release }) => release?.coverImage || null,
    describe: ({ bandName }, { release }) => {
      const r = release!;
      const kind = RELEASE_TYPE_LABELS[r.type];
      const first = r.description.split(/\r?\n/).find((l) => l.trim())?.trim() ?? "";
      return {
        title: `${r.title} (${kind}) | ${bandName}`,
        description: `${r.title}, the ${kind === "EP" ? kind : kind.toLowerCase()} by ${bandName}${r.tracks.length > 1 ? `: ${r.tracks.length} tracks` : ""}.${first ? ` ${first.slice(0, 120)}` : ""}`,
      };
    },
  }),
  // what the site collects (issue 23), its facts from the code and the configuration (shared/privacy.ts)
  privacy: page({
    path: "/privacy",
    data: [...HEADER, "privacy"],
    indexed: true,
    drawn: "cached",
    describe: ({ bandName }, { privacy }) => ({
      title: `Privacy | ${bandName}`,
      description: `What ${bandName}'s site keeps about you: the mailing list, contact messages, and visit counts without cookies, kept ${privacy.statsRetentionDays} days.`,
    }),
  }),
  // the press kit (issue 25): public unless the band switches it off, then its page is a 404 (and out of the sitemap)
  press: page({
    path: "/press",
    data: [...HEADER, "pressKit", "upcomingShows"],
    indexed: true,
    drawn: "cached",
    found: ({ pressKit }) => pressKit !== null,
    describe: ({ bandName }, { pressKit }) => {
      const bio = pressKit?.shortBio.replace(/\s+/g, " ").trim() ?? "";
      return {
        title: `Press Kit | ${bandName}`,
        description: bio ? (bio.length > 160 ? `${bio.slice(0, 157).trimEnd()}…` : bio) : `${bandName} press kit: bios, photos, logos, press quotes, stage plot and tech rider, booking and press contacts.`,
      };
    },
  }),
  // a private press link's page (issue 25), drawn per request by modules/press: never cached, never indexed
  pressLink: page({
    path: "/press/link",
    data: ["settings"],
    indexed: false,
    drawn: "per-request",
    describe: ({ bandName }) => ({ title: `Press | ${bandName}`, description: `${bandName} press kit.` }),
  }),
  // drawn per request (issue 21): the mail pages
  verifyEmail: mailPage("/verify-email", "Verify your email"),
  unsubscribe: mailPage("/unsubscribe", "Unsubscribe"),
  preferences: mailPage("/preferences", "Your preferences"),
  // the link of an RSVP's confirmation mail (issue 24), drawn per request by modules/rsvps
  rsvpConfirm: page({
    path: "/rsvp/confirm",
    data: ["settings"],
    indexed: false,
    drawn: "per-request",
    describe: ({ bandName }) => ({ title: `I'm going | ${bandName}`, description: `${bandName} shows.` }),
  }),
  // the 'Can't make it?' link of an RSVP's reminder and notices: asks, then takes the name off
  rsvpLeave: page({
    path: "/rsvp/leave",
    data: ["settings"],
    indexed: false,
    drawn: "per-request",
    describe: ({ bandName }) => ({ title: `Can't make it | ${bandName}`, description: `${bandName} shows.` }),
  }),
  // issue 25: the links of the release mails and the personal download link's "gone" page, drawn per request by modules/releases
  releaseNotify: page({
    path: "/release/notify",
    data: ["settings"],
    indexed: false,
    drawn: "per-request",
    describe: ({ bandName }) => ({ title: `Tell me when it's out | ${bandName}`, description: `${bandName} releases.` }),
  }),
  releaseDownload: page({
    path: "/release/download",
    data: ["settings"],
    indexed: false,
    drawn: "per-request",
    describe: ({ bandName }) => ({ title: `Your free download | ${bandName}`, description: `${bandName} releases.` }),
  }),
  releaseFile: page({
    path: "/download/:token",
    params: { token: { pattern: /^[A-Za-z0-9_-]{20,100}$/ } },
    data: ["settings"],
    indexed: false,
    drawn: "per-request",
    describe: ({ bandName }) => ({ title: `Download | ${bandName}`, description: `${bandName} releases.` }),
  }),
  // where a public form posted without JavaScript leads (plugins/form-posts.ts); the same for
  // everyone, so cached and drawn like the indexed pages, but not worth a search result
  thanks: page({
    path: "/thanks/:form",
    params: { form: { pattern: /^(subscribe|contact)$/ } },
    data: ["settings"],
    indexed: false,
    drawn: "cached",
    describe: ({ bandName }, _data, { form }) => {
      const title = form === "subscribe" ? "Thanks for subscribing!" : "Message sent";
      return { title: `${title} | ${bandName}`, description: `${bandName}: ${title}` };
    },
  }),
};

function mailPage(path: string, title: string) {
  return page({
    path,
    data: ["settings"],
    indexed: false,
    drawn: "per-request",
    describe: ({ bandName }) => ({ title: `${title} | ${bandName}`, description: `${bandName} mailing list.` }),
  });
}

export type PublicPageName = keyof typeof PUBLIC_PAGES;
export const PUBLIC_PAGE_NAMES = Object.keys(PUBLIC_PAGES) as PublicPageName[];

/**
 * Every path that is no page (and a lyric that is not there) gets this page: status 404, noindex,
 * drawn on the server (decision 029) with the site's header, and shared by every such path
 * (decision 023), so it shows nothing of the path asked for.
 */
export const NOT_FOUND_PAGE = {
  data: HEADER,
  describe: ({ bandName }: PageSite) => ({ title: `404 Page Not Found | ${bandName}`, description: "The page you are looking for does not exist or has moved." }),
};

/** The back office's shell (its own app, client-drawn): '/admin' and every path under it. */
export const ADMIN_SHELL = {
  path: "/admin",
  describe: ({ bandName }: PageSite) => ({ title: `Admin | ${bandName}`, description: `${bandName} admin panel.` }),
};

/**
 * The page a path names, with its parameters and canonical spelling, or null. Takes a path the
 * way pageOf (server) leaves it: decoded, single slashes, no trailing one.
 */
export function matchPage(path: string): { name: PublicPageName; params: PageParams; canonical: string } | null {
  const segments = path.split("/");
  for (const name of PUBLIC_PAGE_NAMES) {
    const row: PublicPage = PUBLIC_PAGES[name];
    const parts = row.path.split("/");
    if (parts.length !== segments.length) continue;
    const params: PageParams = {};
    const canonical = parts.map((part, i) => {
      const segment = segments[i];
      if (!part.startsWith(":")) return part === segment ? part : null;
      const rule = row.params?.[part.slice(1)];
      if (!rule?.pattern.test(segment)) return null;
      return (params[part.slice(1)] = rule.canonical ? rule.canonical(segment) : segment);
    });
    if (canonical.every((part) => part !== null)) return { name, params, canonical: canonical.join("/") || "/" };
  }
  return null;
}

/** The pages in the sitemap: the indexed ones without parameters (a lyric's and a release's pages are listed from their records). */
export const SITEMAP_PATHS = PUBLIC_PAGE_NAMES.map((name): PublicPage => PUBLIC_PAGES[name])
  .filter((row) => row.indexed && !row.path.includes(":"))
  .map((row) => row.path);
