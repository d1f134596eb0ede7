import { useQuery } from "@tanstack/react-query";
import { lyricsApi, lyricsListKeys, type HomepageLyricsAnswer, type Lyrics } from "@shared/api/lyrics";
import type { LyricsData } from "@shared/schemas/lyrics";
import { errorMessage } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useItem, useResourceMutation } from "@client/lib/resource";

/** Every lyric, drafts too; spec section 9: the admin lyrics list goes stale after 10 seconds. */
export const lyricsQuery = () => ({ ...urlQuery<Lyrics[]>(lyricsApi.adminList), staleTime: 10_000 });
/** GET /api/lyrics/{id} shows drafts to admins. */
export const lyricQuery = (id: number) => urlQuery<Lyrics>(lyricsApi.item(id));

export const useLyrics = () => useQuery(lyricsQuery());
/** The edit form's lyrics; none on the add form. */
export const useLyric = (id: number | null) => useItem(id === null ? null : lyricQuery(id));

/** A write refreshes the admin list, the public list and the lyrics themselves. */
const refreshed = (id: number) => [...lyricsListKeys, lyricsApi.item(id)];

export function usePublishLyrics() {
  return useResourceMutation<{ id: number; isPublished: boolean }>({
    method: "PUT",
    url: ({ id }) => lyricsApi.publishFlag(id),
    body: ({ isPublished }) => ({ isPublished }),
    invalidate: ({ id }) => refreshed(id),
    successToast: "Lyrics status updated successfully",
    errorToast: (err) => `Failed to update lyrics status: ${errorMessage(err)}`,
  });
}

export function useDeleteLyrics() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: lyricsApi.item,
    invalidate: refreshed,
    successToast: "Lyrics deleted successfully",
    errorToast: (err) => `Failed to delete lyrics: ${errorMessage(err)}`,
  });
}

/** Create (no lyrics) or update; `onError` gets the failure after the toast (e.g. to mark fields). */
export function useSaveLyrics(lyrics: Lyrics | undefined, opts: { onSuccess: () => void; onError: (err: Error) => void }) {
  return useResourceMutation<LyricsData>({
    method: lyrics ? "PUT" : "POST",
    url: lyrics ? lyricsApi.item(lyrics.id) : lyricsApi.list,
    invalidate: lyrics ? refreshed(lyrics.id) : lyricsListKeys,
    successToast: lyrics ? "Lyrics updated successfully" : "Lyrics created successfully",
    errorToast: (err) => `${lyrics ? "Failed to update lyrics" : "Failed to create lyrics"}: ${errorMessage(err)}`,
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}

/**
 * Stores the built-in homepage lyrics (the auto-add page). The server adds them only when no entry
 * with that title and song exists (two tabs cannot add two) and says which: `onDone(created, entry)`.
 */
export function useAddHomepageLyrics(opts: { onDone: (created: boolean, entry: Lyrics) => void; onError: (err: Error) => void }) {
  const createdIn = (res: unknown) => (res as Pick<HomepageLyricsAnswer, "created">).created;
  return useResourceMutation<void, Lyrics>({
    method: "POST",
    url: lyricsApi.homepage,
    body: () => ({}),
    invalidate: lyricsListKeys,
    // nothing added: the page says so and offers the entry, no toast claims an add
    successToast: (res) => (createdIn(res) ? "Lyrics added successfully" : "These lyrics are already in your list"),
    errorToast: (err) => `Failed to add lyrics: ${errorMessage(err)}`,
    onSuccess: (res) => opts.onDone(createdIn(res), res.data),
    onError: opts.onError,
  });
}
