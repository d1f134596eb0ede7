/** Lyrics (spec section 7). */
export type { HomepageLyricsAnswer, Lyrics, LyricsInput } from "../schemas/lyrics";

export const lyricsApi = {
  /** GET (public): published lyrics. POST (admin) */
  list: "/api/lyrics",
  /** GET (admin): every lyric, published or not */
  adminList: "/api/admin/lyrics",
  /** GET (public when published), PUT, DELETE */
  item: (id: number) => `/api/lyrics/${id}`,
  publishFlag: (id: number) => `/api/lyrics/${id}/publish`,
  /** POST (admin): adds the built-in homepage lyrics as a Draft unless an entry with that title and song exists */
  homepage: "/api/lyrics/homepage",
} as const;

export const lyricsListKeys = [lyricsApi.list, lyricsApi.adminList];
