/** Constants of spec section 9 and the architecture's decisions, shared by client and server. */
export const DEFAULT_BAND_NAME = "Tar River Static";
export const PRIMARY_ADMIN_ID = 1;
export const ADMIN_REFRESH_MS = 20 * 60 * 1000;
export const SKELETON_ROWS = 5;
export const DASHBOARD_LIST_SIZE = 3;

/**
 * The home page lists at most this many upcoming shows, under its own query key, so the page
 * the server inlines stays small however long the archive grows (1.56 MB with 1,448 shows once).
 */
export const HOME_SHOWS_LIMIT = 50;
export const HOME_SHOWS_KEY = `/api/shows?upcoming=true&limit=${HOME_SHOWS_LIMIT}`;

/** /shows: every upcoming show, then the archive (before today, newest first) a page at a time. */
export const UPCOMING_SHOWS_KEY = "/api/shows?upcoming=true";
export const PAST_SHOWS_PAGE = 100;
export const pastShowsKey = (offset = 0) => `/api/shows?past=true&limit=${PAST_SHOWS_PAGE}${offset ? `&offset=${offset}` : ""}`;

/** Setting keys (spec section 3) plus the band name (ARCHITECTURE.md). */
export const SETTING_KEYS = [
  "band-name",
  "soundcloud-url",
  "spotify-url",
  "bandcamp-url",
  "instagram-url",
  "facebook-url",
  "twitter-url",
  "youtube-url",
  "show-bios",
  "about-para1",
  "about-para2",
  "about-para3",
  "timezone",
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
