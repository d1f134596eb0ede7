import type { Lyrics } from "@shared/api/lyrics";
import { HOMEPAGE_LYRICS, sameLyricsName } from "@shared/homepage-lyrics";

/** The built-in homepage lyrics live in shared code: the server stores them (POST /api/lyrics/homepage), the page previews them. */
export { HOMEPAGE_LYRICS, HOMEPAGE_LYRICS_OPENING } from "@shared/homepage-lyrics";

/**
 * The entry an earlier auto-add made, found in the list the page reads: it lets a second visit
 * offer that entry at once. The server decides again when adding (two tabs cannot add two).
 */
export const findHomepageLyrics = (list: Lyrics[]): Lyrics | undefined =>
  list.find((l) => sameLyricsName(l.title, HOMEPAGE_LYRICS.title) && sameLyricsName(l.songName, HOMEPAGE_LYRICS.songName));
