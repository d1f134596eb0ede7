import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { activityApi, type ActivityFilters, type ActivityPage } from "@shared/api/activity";
import { apiRequest } from "@client/lib/api-client";

/**
 * One page of the activity log. The answer's `page` and `filters` sit beside `data`, so this
 * query keeps the whole body (the default query function keeps only `data`). Always refetched on
 * visit: every admin write adds entries.
 */
export const activityQuery = (filters: ActivityFilters) =>
  queryOptions({
    queryKey: [activityApi.page(filters)],
    queryFn: async ({ signal }) => (await apiRequest("GET", activityApi.page(filters), undefined, { signal })) as unknown as ActivityPage,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useActivity = (filters: ActivityFilters) => useQuery(activityQuery(filters));
