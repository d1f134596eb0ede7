import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { SETTING_KEYS } from "@shared/api/settings";
import { HOME_SHOWS_LIMIT, PAST_SHOWS_PAGE } from "@shared/api/shows";
import { PAGE_DATA_QUERIES, type PageDataKey, type PageDataValues, type PageParams } from "@shared/pages";
import { audioTrackRecord } from "@shared/schemas/audio-tracks";
import { bandMemberRecord } from "@shared/schemas/band-members";
import { bandPhotoRecord } from "@shared/schemas/band-photo";
import { lyricsRecord } from "@shared/schemas/lyrics";
import { merchandiseRecord } from "@shared/schemas/merchandise";
import { settingRecord } from "@shared/schemas/settings";
import { showRecord } from "@shared/schemas/shows";
import { videoRecord } from "@shared/schemas/videos";
import { getSettings } from "../settings";
import { listFeaturedTracks } from "../public-reads/audio-tracks";
import { listActiveVideos } from "../public-reads/videos";
import { listPastShows, listUpcomingShows } from "../public-reads/shows";
import { listActiveMembers } from "../public-reads/band-members";
import { readBandPhoto } from "../public-reads/band-photo";
import { findLyrics, listPublishedLyrics } from "../public-reads/lyrics";
import { listMerchandise } from "../public-reads/merchandise";
import { privacyFacts } from "../public-reads/privacy";
import { readPressKit } from "../public-reads/press-kit";
import { pressKitRecord } from "@shared/schemas/press";
import { findPublishedRelease, listPublishedReleases } from "../public-reads/releases";
import { releaseRecord } from "@shared/schemas/releases";

/**
 * The answers the client would otherwise fetch first, keyed exactly like its queries (the GET
 * URL, from src/shared/api) and holding what the query function returns (the envelope's data),
 * encoded by the same response schemas as the API's answers. Inlined into the page so the first
 * render needs no API round trip.
 */
export type InitialData = Record<string, unknown>;

/** One render's reads: each name of src/shared/pages.ts read at most once, whoever asks for it (the page's data, its description, another name). */
export interface PageReads {
  get<K extends PageDataKey>(key: K): Promise<PageDataValues[K]>;
}

interface ReaderContext extends PageReads {
  app: FastifyInstance;
  params: PageParams;
  /** YYYY-MM-DD: the day the page is built for */
  today: string;
}

const list = <S extends z.ZodType>(record: S, rows: z.output<S>[]) => z.encode(z.array(record), rows);

/** The one server reader of each name, answering as the API does (the same response schemas). */
const READERS: { [K in PageDataKey]: (c: ReaderContext) => Promise<PageDataValues[K]> } = {
  settings: async ({ app }) => {
    const stored = await getSettings(app.db, SETTING_KEYS);
    return Object.fromEntries(SETTING_KEYS.map((key) => [key, z.encode(settingRecord, { key, value: stored[key] ?? null })])) as PageDataValues["settings"];
  },
  featuredTracks: async ({ app }) => list(audioTrackRecord, await listFeaturedTracks(app.db, app.config.mediaPublicUrl)),
  // the hero's photo (issue 21): null draws the header as it was before the band had one
  bandPhoto: async ({ app }) => z.encode(bandPhotoRecord.nullable(), await readBandPhoto(app.db)),
  videos: async ({ app }) => list(videoRecord, await listActiveVideos(app.db, app.config.mediaPublicUrl)),
  upcomingShows: async ({ app, today }) => list(showRecord, await listUpcomingShows(app.db, today)),
  // the home page's section, bounded so the page stays small, from the same read as the rest of the upcoming shows
  homeShows: async (c) => (await c.get("upcomingShows")).slice(0, HOME_SHOWS_LIMIT),
  pastShows: async ({ app, today }) => list(showRecord, await listPastShows(app.db, today, { limit: PAST_SHOWS_PAGE })),
  members: async ({ app }) => list(bandMemberRecord, await listActiveMembers(app.db, app.config.mediaPublicUrl)),
  lyrics: async ({ app }) => list(lyricsRecord, await listPublishedLyrics(app.db)),
  merchandise: async ({ app }) => list(merchandiseRecord, await listMerchandise(app.db, app.config.mediaPublicUrl)),
  lyric: async ({ app, params }) => {
    const row = await findLyrics(app.db, Number(params.id));
    return row?.isPublished ? z.encode(lyricsRecord, row) : null;
  },
  privacy: async ({ app }) => privacyFacts(app.config),
  pressKit: async ({ app }) => z.encode(pressKitRecord.nullable(), await readPressKit(app.db)),
  // issue 25: read as of now (links and audio only once out); the page's clock rebuilds it at the next releaseAt
  releases: async ({ app }) => list(releaseRecord, await listPublishedReleases(app.db, new Date())),
  release: async ({ app, params }) => {
    const row = await findPublishedRelease(app.db, params.slug, new Date());
    return row ? z.encode(releaseRecord, row) : null;
  },
};

/** The reads of one render of the page at `params` (its path parameters), for the day `today`. */
export function pageReads(app: FastifyInstance, params: PageParams, today: string): PageReads {
  const done = new Map<PageDataKey, Promise<unknown>>();
  const context: ReaderContext = {
    app,
    params,
    today,
    get<K extends PageDataKey>(key: K) {
      let read = done.get(key);
      if (!read) done.set(key, (read = READERS[key](context)));
      return read as Promise<PageDataValues[K]>;
    },
  };
  return context;
}

/** Reads `keys` (each once) and returns their values by name. */
export async function readData<K extends PageDataKey>(reads: PageReads, keys: readonly K[]): Promise<Pick<PageDataValues, K>> {
  const values = await Promise.all(keys.map((key) => reads.get(key)));
  return Object.fromEntries(keys.map((key, i) => [key, values[i]])) as unknown as Pick<PageDataValues, K>;
}

/** The page's inlined data: each value under the GET URL(s) the client's queries use. */
export function initialData(values: Partial<PageDataValues>, params: PageParams): InitialData {
  const data: InitialData = {};
  for (const [key, value] of Object.entries(values) as [PageDataKey, never][]) Object.assign(data, PAGE_DATA_QUERIES[key](value, params));
  return data;
}
