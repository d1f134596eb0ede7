import type { FastifyInstance } from "fastify";
import { HOME_SHOWS_KEY, HOME_SHOWS_LIMIT, PAST_SHOWS_PAGE, SETTING_KEYS, UPCOMING_SHOWS_KEY, pastShowsKey } from "@shared/constants";
import { getSettings } from "../settings";
import { listFeaturedTracks } from "../public-reads/audio-tracks";
import { listActiveVideos } from "../public-reads/videos";
import { listPastShows, listUpcomingShows } from "../public-reads/shows";
import { listActiveMembers } from "../public-reads/band-members";
import { listPublishedLyrics } from "../public-reads/lyrics";
import { listMerchandise } from "../public-reads/merchandise";

/**
 * The answers the client would otherwise fetch first, keyed exactly like its queries
 * (the GET URL) and holding what the query function returns (the envelope's data).
 * Inlined into the page so the first render needs no API round trip.
 */
export type InitialData = Record<string, unknown>;

export async function settingsData(app: FastifyInstance): Promise<InitialData> {
  const stored = await getSettings(app.db, SETTING_KEYS);
  return Object.fromEntries(SETTING_KEYS.map((key) => [`/api/settings/${key}`, { key, value: stored[key] ?? null }]));
}

export async function homeData(app: FastifyInstance): Promise<InitialData> {
  const [settings, tracks, videos, shows, members, lyrics] = await Promise.all([
    settingsData(app),
    listFeaturedTracks(app.db),
    listActiveVideos(app.db),
    listUpcomingShows(app.db, undefined, { limit: HOME_SHOWS_LIMIT }),
    listActiveMembers(app.db),
    listPublishedLyrics(app.db),
  ]);
  return {
    ...settings,
    "/api/audio-tracks?featured=true": tracks,
    "/api/videos/active": videos,
    [HOME_SHOWS_KEY]: shows,
    "/api/band-members": members,
    "/api/lyrics": lyrics,
  };
}

/** Data for the other public pages: the header player and settings, plus the page's own list. */
export async function pageData(app: FastifyInstance, path: string): Promise<InitialData> {
  const [settings, tracks] = await Promise.all([settingsData(app), listFeaturedTracks(app.db)]);
  const base = { ...settings, "/api/audio-tracks?featured=true": tracks };
  if (path === "/videos") return { ...base, "/api/videos/active": await listActiveVideos(app.db) };
  if (path === "/merch") return { ...base, "/api/merchandise": await listMerchandise(app.db) };
  if (path === "/lyrics") return { ...base, "/api/lyrics": await listPublishedLyrics(app.db) };
  if (path === "/shows") {
    const [upcoming, past] = await Promise.all([listUpcomingShows(app.db), listPastShows(app.db, undefined, { limit: PAST_SHOWS_PAGE })]);
    return { ...base, [UPCOMING_SHOWS_KEY]: upcoming, [pastShowsKey()]: past };
  }
  return base;
}
