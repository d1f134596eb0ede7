import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { todayIso } from "@shared/format";
import { audioTracksApi } from "@shared/api/audio-tracks";
import { lyricsApi } from "@shared/api/lyrics";
import { settingsApi, type Setting } from "@shared/api/settings";
import { showsApi, type Show } from "@shared/api/shows";
import { videosApi, type Video } from "@shared/api/videos";
import { lyricsRecord } from "@shared/schemas/lyrics";
import { DEFAULT_COVER_ART, settingOrDefault } from "@shared/settings-defaults";
import { asSentence, homeTitle } from "@shared/site-copy";
import { BAND_PHOTO_SIZES, FEATURED_COVER_SIZES, VIDEO_PLAYER_SIZES, variantSrcSet } from "@shared/responsive-images";
import type { ResponsiveImage } from "@shared/schemas/images";
import { findLyrics } from "../public-reads/lyrics";
import { listUpcomingShows } from "../public-reads/shows";
import { listActiveMembers } from "../public-reads/band-members";
import { homeData, pageData, settingsData, type InitialData } from "./initial-data";
import { musicEvent, musicGroup } from "./json-ld";
import { loadSiteInfo } from "./site-info";

export interface PageMeta {
  status: number;
  title: string;
  description: string;
  path: string;
  noindex: boolean;
  ogType: "website" | "article" | "music.song";
  jsonLd: object[];
  data: InitialData;
  /** the likely LCP image (the featured cover on the home page), preloaded from the head */
  preloadImage?: string;
  /**
   * ...or, when it has AVIF variants, those: the same srcset and sizes as the client's <picture>,
   * so the browser fetches one file early and the page uses it (not the original and then a variant)
   */
  preloadImageSet?: { srcset: string; sizes: string; type: "image/avif" };
  /** drawn on the server when the SSR build is there (decisions 017, 029): the indexed public pages and the "not found" page */
  prerender: boolean;
  /** og:image / twitter:image, an absolute URL: the band photo's JPEG (issue 21), else the stock image */
  shareImage?: { url: string; width: number; height: number };
}

/** Where the public forms lead after a success posted without JavaScript (plugins/form-posts.ts). */
const THANKS_PAGES = ["/thanks/subscribe", "/thanks/contact"];

const PAGES = new Set(["/", "/videos", "/merch", "/shows", "/lyrics", "/verify-email", "/unsubscribe", "/preferences", ...THANKS_PAGES, "/admin"]);

/**
 * Which page a request path names, in its canonical spelling (what a redirect points to), and the
 * path its cached HTML is built for: null for a path that is no page (every such path shares one
 * "not found" answer). Spellings of one page lead to it: '/shows/', '/shows//', '/%73hows',
 * '/lyrics/007'. All admin paths share one shell (the client routes them). The list here is the
 * one describePage answers 200 for (a lyric's page may still be a 404: an unknown or unpublished id).
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
  if (PAGES.has(path)) return { canonical: path, renders: path };
  const lyric = /^\/lyrics\/(\d{1,9})$/.exec(path);
  if (lyric) {
    const canonical = `/lyrics/${Number(lyric[1])}`;
    return { canonical, renders: canonical };
  }
  if (path.startsWith("/admin/")) return { canonical: path, renders: "/admin" };
  return null;
}

/** The path the one "not found" page is built for. */
export const NOT_FOUND_PATH = "/404";

/** What the HTML for one path says about itself: title, description, structured data, initial data. */
export async function describePage(app: FastifyInstance, rawPath: string): Promise<PageMeta> {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, "") : rawPath;
  const site = await loadSiteInfo(app);
  const band = site.bandName;
  // the indexed pages are the ones drawn on the server (and the "not found" page); the mail pages and admin stay client-drawn
  const page = (p: Partial<PageMeta> & Pick<PageMeta, "title" | "description">): PageMeta => {
    const meta = { status: 200, path, noindex: false, ogType: "website" as const, jsonLd: [musicGroup(site)], data: {}, shareImage: site.shareImage, ...p };
    return { ...meta, prerender: meta.status === 200 && !meta.noindex };
  };

  if (path === "/") {
    const [data, upcoming, members] = await Promise.all([homeData(app), listUpcomingShows(app.db, todayIso()), listActiveMembers(app.db)]);
    return page({
      title: homeTitle(band, site.tagline),
      description: `${site.tagline ? `${band}: ${asSentence(site.tagline)}` : `${band}.`} Stream the new songs, watch videos, catch a show${upcoming.length ? ` (${upcoming.length} upcoming)` : ""}, read the lyrics and grab merch.`,
      jsonLd: [musicGroup(site, members), ...upcoming.map((s) => musicEvent(site, s))],
      data,
      // the band photo, when there is one, is the header's largest paint at every width (issue 21)
      ...(site.bandPhoto
        ? imagePreload(site.bandPhoto.image, site.bandPhoto.imageUrl, BAND_PHOTO_SIZES)
        : featuredCoverPreload(data[audioTracksApi.featured])),
    });
  }
  if (path === "/videos") {
    const data = await pageData(app, path);
    // the first video's thumbnail is this page's LCP: start it with the HTML, the same file the <picture> takes
    const first = (data[videosApi.active] as Video[] | undefined)?.[0];
    return page({
      title: `Videos | ${band}`,
      description: `Music videos, live sets and tour documentaries from ${band}.`,
      data,
      ...imagePreload(first?.thumbnail, first?.thumbnailUrl, VIDEO_PLAYER_SIZES),
    });
  }
  if (path === "/merch") {
    const data = await pageData(app, path);
    // the merch page's own intro (Settings > Words on the site), as the page shows it
    const intro = settingOrDefault("merch-intro", (data[settingsApi.item("merch-intro")] as Setting | undefined)?.value).trim();
    return page({ title: `Official Merch | ${band}`, description: `Official ${band} merch.${intro ? ` ${intro}` : ""}`, data });
  }
  if (path === "/shows") {
    const data = await pageData(app, path);
    const upcoming = (data[showsApi.upcoming] ?? []) as Show[];
    const next = upcoming[0];
    return page({
      title: `Shows | ${band}`,
      description: `${band} tour dates${next ? ` (next: ${next.venue}, ${next.location})` : ""}, a calendar to subscribe to, and every past show by year.`,
      jsonLd: [musicGroup(site), ...upcoming.map((s) => musicEvent(site, s))],
      data,
    });
  }
  if (path === "/lyrics") {
    return page({ title: `Lyrics | ${band}`, description: `Lyrics to every ${band} song. Learn the words, then scream them back at us.`, data: await pageData(app, path) });
  }
  const lyricMatch = /^\/lyrics\/(\d{1,9})$/.exec(path);
  if (lyricMatch) {
    const row = await findLyrics(app.db, Number(lyricMatch[1]));
    if (row?.isPublished) {
      const first = row.lyricsText.split(/\r?\n/).find((l) => l.trim())?.trim() ?? "";
      const data = await pageData(app, path);
      data[lyricsApi.item(row.id)] = z.encode(lyricsRecord, row);
      return page({
        title: `${row.title} Lyrics | ${band}`,
        description: `Lyrics to "${row.songName}" by ${band}${row.albumName ? ` from ${row.albumName}` : ""}${row.releaseYear ? ` (${row.releaseYear})` : ""}. "${first.slice(0, 80)}…"`,
        ogType: "music.song",
        jsonLd: [
          musicGroup(site),
          {
            "@type": "MusicComposition",
            name: row.songName,
            composer: { "@id": `${site.baseUrl}/#band` },
            ...(row.releaseYear ? { datePublished: row.releaseYear } : {}),
            lyrics: { "@type": "CreativeWork", text: row.lyricsText },
            url: `${site.baseUrl}/lyrics/${row.id}`,
          },
        ],
        data,
      });
    }
    // the lyric page's own "not found" (an unknown or unpublished id), drawn from a known-missing answer
    return notFoundPage(band, path, { ...(await pageData(app, path)), [lyricsApi.item(Number(lyricMatch[1]))]: null });
  }
  if (path === "/verify-email" || path === "/unsubscribe" || path === "/preferences") {
    const title = path === "/verify-email" ? "Verify your email" : path === "/unsubscribe" ? "Unsubscribe" : "Your preferences";
    return page({ title: `${title} | ${band}`, description: `${band} mailing list.`, noindex: true, data: await settingsData(app) });
  }
  if (THANKS_PAGES.includes(path)) {
    const title = path === "/thanks/subscribe" ? "Thanks for subscribing!" : "Message sent";
    // the same for everyone, so cached and drawn like the indexed pages; not worth a search result
    return { ...page({ title: `${title} | ${band}`, description: `${band}: ${title}`, noindex: true, data: await settingsData(app) }), prerender: true };
  }
  if (path === "/admin" || path.startsWith("/admin/")) {
    return page({ title: `Admin | ${band}`, description: `${band} admin panel.`, noindex: true, jsonLd: [] });
  }
  return notFoundPage(band, path, await pageData(app, path));
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
 * decision 023), so it shows nothing of the path asked for.
 */
function notFoundPage(band: string, path: string, data: InitialData): PageMeta {
  return {
    status: 404,
    path,
    title: `404 Page Not Found | ${band}`,
    description: "The page you are looking for does not exist or has moved.",
    noindex: true,
    ogType: "website",
    jsonLd: [],
    data,
    prerender: true,
  };
}
