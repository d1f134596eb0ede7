import { useQuery } from "@tanstack/react-query";
import { pressApi, type PressKit, type PressLinkPage } from "@shared/api/press";
import { showsApi, type Show } from "@shared/api/shows";
import { urlQuery } from "@client/lib/query-client";

/** /press: the kit (null while switched off), inlined with the page. */
export const pressKitQuery = () => urlQuery<PressKit | null>(pressApi.kit);
export const usePressKit = () => useQuery(pressKitQuery());

/** /press: the upcoming shows, the same answer /shows inlines. */
export const useUpcomingShows = () => useQuery(urlQuery<Show[]>(showsApi.upcoming));

/**
 * A private link's page data, inlined by the server with the view it counted. Never refetched:
 * the page is the link's one answer (a refetch would only repeat it, or meet the 410 of a link
 * revoked since, which the next visit shows).
 */
export const usePressLinkPage = (token: string) =>
  useQuery({ ...urlQuery<PressLinkPage>(pressApi.linkData(token)), enabled: token !== "", staleTime: Infinity, refetchOnWindowFocus: false, retry: false });
