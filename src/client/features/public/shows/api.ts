import { useQuery } from "@tanstack/react-query";
import { PAST_SHOWS_PAGE, showsApi, type Show } from "@shared/api/shows";
import { urlQuery } from "@client/lib/query-client";

/** The home page's upcoming shows (at most HOME_SHOWS_LIMIT, inlined with the page). */
export const homeShowsQuery = () => urlQuery<Show[]>(showsApi.home);
/** /shows: every upcoming show. */
export const upcomingShowsQuery = () => urlQuery<Show[]>(showsApi.upcoming);
/** /shows: the archive, a page of PAST_SHOWS_PAGE at a time (the first one inlined with the page). */
export const pastShowsQuery = (page: number) => urlQuery<Show[]>(showsApi.past(page * PAST_SHOWS_PAGE));

export const useHomeShows = () => useQuery(homeShowsQuery());
export const useUpcomingShows = () => useQuery(upcomingShowsQuery());
// usePastShowPages lives in shows-page.tsx: this file is in the home page's chunk, and useQueries
// (~2 KB gzip) is needed only by /shows, a chunk of its own (decision 017).
