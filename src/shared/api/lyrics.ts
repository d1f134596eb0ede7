/** Lyrics (spec section 7). */
export type { Lyrics, LyricsInput } from "../schemas/lyrics";

export const lyricsApi = {
  /** GET (public): published lyrics. POST (admin) */
  list: "/api/lyrics",
  /** GET (admin): every lyric, published or not */
  adminList: "/api/admin/lyrics",
  /** GET (public when published), PUT, DELETE */
  item: (id: number) => `/api/lyrics/${id}`,
  publishFlag: (id: number) => `/api/lyrics/${id}/publish`,
} as const;

export const lyricsListKeys = [lyricsApi.list, lyricsApi.adminList];
