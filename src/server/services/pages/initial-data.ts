import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { audioTracksApi } from "@shared/api/audio-tracks";
import { bandMembersApi } from "@shared/api/band-members";
import { bandPhotoApi } from "@shared/api/band-photo";
import { lyricsApi } from "@shared/api/lyrics";
import { merchandiseApi } from "@shared/api/merchandise";
import { settingsApi, SETTING_KEYS } from "@shared/api/settings";
import { HOME_SHOWS_LIMIT, PAST_SHOWS_PAGE, showsApi } from "@shared/api/shows";
import { videosApi } from "@shared/api/videos";
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
import { listPublishedLyrics } from "../public-reads/lyrics";
import { listMerchandise } from "../public-reads/merchandise";

/**
 * The answers the client would otherwise fetch first, keyed exactly like its queries (the GET
 * URL, from src/shared/api) and holding what the query function returns (the envelope's data),
 * encoded by the same response schemas as the API's answers. Inlined into the page so the first
 * render needs no API round trip.
 */
export type InitialData = Record<string, unknown>;

const list = <S extends z.ZodType>(record: S, rows: z.output<S>[]) => z.encode(z.array(record), rows);

export async function settingsData(app: FastifyInstance): Promise<InitialData> {
  const stored = await getSettings(app.db, SETTING_KEYS);
  return Object.fromEntries(SETTING_KEYS.map((key) => [settingsApi.item(key), z.encode(settingRecord, { key, value: stored[key] ?? null })]));
}

async function headerData(app: FastifyInstance): Promise<InitialData> {
  const [settings, tracks] = await Promise.all([settingsData(app), listFeaturedTracks(app.db)]);
  return { ...settings, [audioTracksApi.featured]: list(audioTrackRecord, tracks) };
}

export async function homeData(app: FastifyInstance): Promise<InitialData> {
  const [header, photo, videos, shows, members, lyrics] = await Promise.all([
    headerData(app),
    readBandPhoto(app.db),
    listActiveVideos(app.db),
    listUpcomingShows(app.db, undefined, { limit: HOME_SHOWS_LIMIT }),
    listActiveMembers(app.db),
    listPublishedLyrics(app.db),
  ]);
  return {
    ...header,
    // the hero's photo (issue 21): null draws the header as it was before the band had one
    [bandPhotoApi.item]: z.encode(bandPhotoRecord.nullable(), photo),
    [videosApi.active]: list(videoRecord, videos),
    [showsApi.home]: list(showRecord, shows),
    [bandMembersApi.list]: list(bandMemberRecord, members),
    [lyricsApi.list]: list(lyricsRecord, lyrics),
  };
}

/** Data for the other public pages: the header player and settings, plus the page's own list. */
export async function pageData(app: FastifyInstance, path: string): Promise<InitialData> {
  const base = await headerData(app);
  if (path === "/videos") return { ...base, [videosApi.active]: list(videoRecord, await listActiveVideos(app.db)) };
  if (path === "/merch") return { ...base, [merchandiseApi.list]: list(merchandiseRecord, await listMerchandise(app.db)) };
  if (path === "/lyrics") return { ...base, [lyricsApi.list]: list(lyricsRecord, await listPublishedLyrics(app.db)) };
  if (path === "/shows") {
    const [upcoming, past] = await Promise.all([listUpcomingShows(app.db), listPastShows(app.db, undefined, { limit: PAST_SHOWS_PAGE })]);
    return { ...base, [showsApi.upcoming]: list(showRecord, upcoming), [showsApi.past()]: list(showRecord, past) };
  }
  return base;
}
