import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { PageInfo } from "@shared/api/paging";
import { placesApi, type PlaceSuggestion } from "@shared/api/places";
import { rsvpsApi, type Rsvp } from "@shared/api/rsvps";
import { showListKeys, showsApi, type AdminShow, type Show, type ShowTableQuery } from "@shared/api/shows";
import type { ShowData } from "@shared/schemas/shows";
import type { ShowStatus } from "@shared/show-status";
import { apiRequest, type ApiResponse } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useItem, useResourceMutation } from "@client/lib/resource";

/** The admin list is the public GET of every show by date. */
export const showsQuery = () => urlQuery<Show[]>(showsApi.list);
/** one show with its presale code and where it was placed (an admin answer) */
export const showQuery = (id: number) => urlQuery<AdminShow>(showsApi.item(id));

/** The gazetteer's matches of a location (the form's 'Placed at' and 'pick another match'). */
export const usePlaceSuggestions = (q: string) => useQuery({ ...urlQuery<PlaceSuggestion[]>(placesApi.adminSuggest(q)), enabled: q.trim().length >= 2, staleTime: 5 * 60_000 });

export const useShows = () => useQuery(showsQuery());
/** The edit form's show; none on the add form. */
export const useShow = (id: number | null) => useItem(id === null ? null : showQuery(id));

/** Every write refreshes the admin list and the public lists (home, /shows), and an edited show itself. */
const refreshed = (id?: number) => (id === undefined ? showListKeys : [...showListKeys, showsApi.item(id)]);

export function useDeleteShow() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: showsApi.item,
    invalidate: showListKeys,
    successToast: "Show deleted",
    errorToast: "Failed to delete show. Please try again.",
  });
}

/** Create (no show) or update; `onError` gets the failure after the spec's toast (e.g. to mark fields). */
export function useSaveShow(show: Pick<AdminShow, "id"> | undefined, opts: { onSuccess: () => void; onError: (err: Error) => void }) {
  return useResourceMutation<ShowData>({
    method: show ? "PUT" : "POST",
    url: show ? showsApi.item(show.id) : showsApi.list,
    invalidate: refreshed(show?.id),
    successToast: show ? "Show updated successfully" : "Show created successfully",
    errorToast: show ? "Failed to update show. Please try again." : "Failed to create show. Please try again.",
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}

/** The table's quick status change: the row as it is, with the new status (PUT, like the form). */
export function useSetShowStatus() {
  return useResourceMutation<{ show: AdminShow; status: ShowStatus }>({
    method: "PUT",
    url: ({ show }) => showsApi.item(show.id),
    body: ({ show, status }) => ({ ...pickInput(show), status }),
    invalidate: ({ show }) => refreshed(show.id),
    successToast: "Show updated successfully",
    errorToast: "Failed to update show. Please try again.",
  });
}

/** The fields PUT /api/shows/{id} takes, from a listed show (the on-sale and presale fields left out: kept as they are). */
function pickInput(s: AdminShow) {
  const { venue, location, date, time, price, ageRestriction, supportingActs, eventUrl } = s;
  return { venue, location, date, time, price, ageRestriction, supportingActs, eventUrl: eventUrl ?? "" };
}

/**
 * One page of the admin table's search (GET /api/admin/shows), upcoming or past.
 * Its key starts with the table's URL, so every show write (showListKeys) refreshes it too; the
 * previous page stays on screen while the next one loads.
 */
export const showsPageQuery = (query: ShowTableQuery) =>
  queryOptions({
    queryKey: [showsApi.adminTable, query],
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<AdminShow[]>("GET", showsApi.page(query), undefined, { signal })) as ApiResponse<AdminShow[]> & { page: PageInfo };
      return { rows: res.data, page: res.page };
    },
    placeholderData: keepPreviousData,
  });
export const useShowsPage = (query: ShowTableQuery, enabled = true) => useQuery({ ...showsPageQuery(query), enabled });

/** Who is going to a show (issue 24): everyone who said so, confirmed or not (GET /api/admin/shows/{id}/rsvps). */
export const rsvpsQuery = (showId: number) => urlQuery<Rsvp[]>(rsvpsApi.list(showId));
export const useRsvps = (showId: number | null) => useItem(showId === null ? null : rsvpsQuery(showId));
