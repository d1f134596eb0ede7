import type { FastifyInstance } from "fastify";
import { todayIso } from "@shared/format";
import { ADMIN_SHELL, matchPage, NOT_FOUND_PAGE, PUBLIC_PAGES, type LcpImage, type PageDataKey, type PageDataValues, type PageParams, type PublicPage, type StructuredData } from "@shared/pages";
import { DEFAULT_COVER_ART } from "@shared/settings-defaults";
import { saleClock } from "@shared/show-sale";
import { BAND_PHOTO_SIZES, FEATURED_COVER_SIZES, VIDEO_PLAYER_SIZES, variantSrcSet } from "@shared/responsive-images";
import type { ResponsiveImage } from "@shared/schemas/images";
import { initialData, pageReads, readData, type InitialData } from "./initial-data";
import { musicComposition, musicEvent, musicGroup, musicRelease } from "./json-ld";
import { siteInfoOf, type SiteInfo } from "./site-info";

export interface PageMeta {
  status: number;
  title: string;
  description: string;
  path: string;
  noindex: boolean;
  ogType: "website" | "article" | "music.song" | "music.album";
  jsonLd: object[];
  data: InitialData;
  /** the likely LCP image (the featured cover on the home page), preloaded from the head */
  preloadImage?: string;
  /**
   * ...or, when it has AVIF variants, those: the same srcset and sizes as the client's <picture>,
   * so the browser fetches one file early and the page uses it (not the original and then a variant)
   */
  preloadImageSet?: { srcset: string; sizes: string; type: "image/avif" };
  /** the page row's `firstPaintAfter`: the id of the element the first paint waits for */
  firstPaintAfter?: string;
  /** drawn on the server when the SSR build is there (decisions 017, 029): the indexed public pages and the "not found" page */
  prerender: boolean;
  /** og:image / twitter:image, an absolute URL: the band photo's JPEG (issue 21), else the stock image */
  shareImage?: { url: string; width: number; height: number };
  /**
   * A page whose shows go on sale at a time (issue 24, decision 036): the instant it is drawn as
   * of (ms, null: before every such time) and the next one, when its HTML goes stale by itself
   */
  clock?: { asOf: number | null; until: number | null };
}

/**
 * Which page a request path names, in its canonical spelling (what a redirect points to), and the
 * path its cached HTML is built for: null for a path that is no page (every such path shares one
 * "not found" answer). Spellings of one page lead to it: '/shows/', '/shows//', '/%73hows',
 * '/lyrics/007'. All admin paths share one shell (the client routes them). The pages are the
 * rows of src/shared/pages.ts (a lyric's page may still be a 404: an unknown or unpublished id).
 */
export function pageOf(rawPath: string): { canonical: string; renders: string } | null {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  path = path.replace(/\/{2,}/g, "/");
  if (path.length > 1) path = path.replace(/\/+$/, "");
  if (!path.startsWith("/")) return null;
  const page = matchPage(path);
  if (page) return { canonical: page.canonical, renders: page.canonical };
  if (path === ADMIN_SHELL.path || path.startsWith(`${ADMIN_SHELL.path}/`)) return { canonical: path, renders: ADMIN_SHELL.path };
  return null;
}

/** The path the one "not found" page is built for. */
export const NOT_FOUND_PATH = "/404";

/**
 * What the HTML for one path says about itself: title, description, structured data, and the
 * initial data, all from one read of the data its row in src/shared/pages.ts names.
 */
export async function describePage(app: FastifyInstance, rawPath: string): Promise<PageMeta> {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, "") : rawPath;
  const match = matchPage(path);
  const reads = pageReads(app, match?.params ?? {}, todayIso());
  const [stored, photo] = await Promise.all([reads.get("settings"), reads.get("bandPhoto")]);
  const site = siteInfoOf(app.config.PUBLIC_URL, Object.fromEntries(Object.entries(stored).map(([key, s]) => [key, s.value])), photo);

  if (!match) {
    if (path === ADMIN_SHELL.path || path.startsWith(`${ADMIN_SHELL.path}/`)) {
      return { status: 200, path, ...ADMIN_SHELL.describe(site), noindex: true, ogType: "website", jsonLd: [], data: {}, shareImage: site.shareImage, prerender: false };
    }
    return notFoundPage(site, path, await readData(reads, NOT_FOUND_PAGE.data), {});
  }
  const row: PublicPage = PUBLIC_PAGES[match.name];
  const values = await readData(reads, [...row.data, ...(row.alsoReads ?? [])]);
  const inlined = await readData(reads, row.data);
  if (row.found && !row.found(values)) return notFoundPage(site, path, inlined, match.params);
  return {
    status: 200,
    path,
    ...row.describe(site, values, match.params),
    noindex: !row.indexed,
    ogType: row.ogType ?? "website",
    jsonLd: (row.structuredData ?? ["band"]).flatMap((kind) => structuredData(kind, site, values)),
    data: initialData(inlined, match.params),
    shareImage: pageShareImage(row.shareImage?.(values), values, site),
    ...(row.lcpImage ? lcpPreload(row.lcpImage, site, values) : {}),
    ...(row.firstPaintAfter ? { firstPaintAfter: row.firstPaintAfter } : {}),
    ...pageClock(values),
    // the mail pages are drawn by their own routes, per request (issue 21); the admin shell by the client
    prerender: row.drawn === "cached",
  };
}

/**
 * The instants that change the page by themselves: the on-sale times of its upcoming shows (the
 * past sell nothing) and its releases' release times (issue 25: the countdown becomes the links).
 * What it is drawn as of, and until when.
 */
function pageClock(data: Partial<PageDataValues>): Pick<PageMeta, "clock"> {
  const shows = data.upcomingShows ?? data.homeShows ?? [];
  const releases = [...(data.releases ?? []), ...(data.release ? [data.release] : [])].map((r) => ({ onSaleAt: r.releaseAt }));
  const times = [...shows, ...releases];
  return times.length ? { clock: saleClock(times, Date.now()) } : {};
}

/** A page's own share image (a release's cover) as an absolute URL, else the site's. */
function pageShareImage(image: string | null | undefined, data: Partial<PageDataValues>, site: SiteInfo): PageMeta["shareImage"] {
  if (!image || !/^(https:\/\/|\/)/i.test(image)) return site.shareImage;
  const cover = data.release?.cover;
  const url = image.startsWith("/") ? `${site.baseUrl}${image}` : image;
  return { url, width: cover?.width ?? 1200, height: cover?.height ?? 1200 };
}

/** The JSON-LD of one kind, from the page's data (src/shared/pages.ts names what each kind reads). */
function structuredData(kind: StructuredData, site: SiteInfo, data: Partial<PageDataValues>): object[] {
  switch (kind) {
    case "band":
      return [musicGroup(site)];
    case "band-with-members":
      return [musicGroup(site, needs(data, "members", kind))];
    case "upcoming-events":
      return needs(data, "upcomingShows", kind).map((show) => musicEvent(site, show));
    case "song": {
      const row = needs(data, "lyric", kind);
      return row ? [musicComposition(site, row)] : [];
    }
    case "release": {
      const row = needs(data, "release", kind);
      return row ? [musicRelease(site, row)] : [];
    }
  }
}

function lcpPreload(kind: LcpImage, site: SiteInfo, data: Partial<PageDataValues>): Pick<PageMeta, "preloadImage" | "preloadImageSet"> {
  if (kind === "first-video") {
    const first = needs(data, "videos", kind)[0];
    return imagePreload(first?.thumbnail, first?.thumbnailUrl, VIDEO_PLAYER_SIZES);
  }
  return site.bandPhoto ? imagePreload(site.bandPhoto.image, site.bandPhoto.imageUrl, BAND_PHOTO_SIZES) : featuredCoverPreload(needs(data, "featuredTracks", kind));
}

/** A value the page's row must name: a row that forgot it fails its first render (and the test that draws every page). */
function needs<K extends PageDataKey>(data: Partial<PageDataValues>, key: K, what: string): PageDataValues[K] {
  if (!(key in data)) throw new Error(`'${what}' reads '${key}': name it in the page's data or alsoReads (src/shared/pages.ts)`);
  return data[key] as PageDataValues[K];
}

function featuredCoverPreload(tracks: unknown): Pick<PageMeta, "preloadImage" | "preloadImageSet"> {
  const first = Array.isArray(tracks) ? (tracks[0] as { coverArtUrl?: string; coverArt?: ResponsiveImage | null } | undefined) : undefined;
  return imagePreload(first?.coverArt, first?.coverArtUrl, FEATURED_COVER_SIZES, DEFAULT_COVER_ART);
}

/** An image's AVIF variants with the <picture>'s sizes, else the image itself (or `fallback`). */
function imagePreload(image: ResponsiveImage | null | undefined, url: string | null | undefined, sizes: string, fallback?: string): Pick<PageMeta, "preloadImage" | "preloadImageSet"> {
  const avif = image ? variantSrcSet(image, "avif") : "";
  if (avif) return { preloadImageSet: { srcset: avif, sizes, type: "image/avif" } };
  const src = url?.trim();
  return src ? { preloadImage: sitePathOrUrl(src) } : fallback ? { preloadImage: fallback } : {};
}

/** A stored media link as the players use it: 'uploads/x.png' is a site path. */
function sitePathOrUrl(url: string): string {
  return /^(https?:|\/)/i.test(url) ? url : `/${url}`;
}

/**
 * Status 404, noindex, and drawn on the server like the other public pages (decision 029), so it
 * says what happened without JavaScript. Every path that is no page shares this one (NOT_FOUND_PATH,
 * decision 023), so it shows nothing of the path asked for. A lyric that is not there gets it
 * with the lyric page's data (its known-missing answer draws the lyric page's own "not found").
 */
function notFoundPage(site: SiteInfo, path: string, data: Partial<PageDataValues>, params: PageParams): PageMeta {
  return {
    status: 404,
    path,
    ...NOT_FOUND_PAGE.describe(site),
    noindex: true,
    ogType: "website",
    jsonLd: [],
    data: initialData(data, params),
    prerender: true,
  };
}
