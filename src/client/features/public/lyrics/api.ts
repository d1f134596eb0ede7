import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lyricsApi, type Lyrics } from "@shared/api/lyrics";
import { urlQuery } from "@client/lib/query-client";

/** Published lyrics (inlined with the home page and /lyrics). */
export const lyricsListQuery = () => urlQuery<Lyrics[]>(lyricsApi.list);
export const lyricsQuery = (id: number) => urlQuery<Lyrics>(lyricsApi.item(id));

/** Published lyrics, sorted by sortOrder (the server sorts too; this keeps the rule in one visible place). */
export function useLyricsList() {
  const query = useQuery(lyricsListQuery());
  const lyrics = Array.isArray(query.data) ? [...query.data].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id) : [];
  return { ...query, lyrics };
}

/** One song's lyrics; `id` is the page's parameter, fetched only when `valid`. */
export function useLyrics(id: string, valid: boolean) {
  const queryClient = useQueryClient();
  const list = lyricsListQuery().queryKey;
  return useQuery({
    ...lyricsQuery(Number(id)),
    enabled: valid,
    // Coming from the list (or the home page), the song is already in its cached answer (the same
    // record): the page draws at once instead of a loading state that its text would then resize.
    initialData: () => queryClient.getQueryData(list)?.find((l) => String(l.id) === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(list)?.dataUpdatedAt,
  });
}
