/** Query keys a lyrics write must refresh: the admin list (drafts too) and the public list. */
export const LYRICS_LIST_KEYS = ["/api/admin/lyrics", "/api/lyrics"];
export const lyricsKeys = (id: number) => [...LYRICS_LIST_KEYS, `/api/lyrics/${id}`];
