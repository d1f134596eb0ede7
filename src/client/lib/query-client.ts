import { QueryClient, queryOptions, type QueryFunction } from "@tanstack/react-query";
import { ApiError, apiRequest } from "./api-client";

type On401 = "returnNull" | "throw";

/** GETs the first element of the query key and returns its data field (or the whole body). */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      const res = await apiRequest("GET", String(queryKey[0]), undefined, { signal });
      return (res.data !== undefined ? res.data : res) as T;
    } catch (err) {
      if (on401 === "returnNull" && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}

/**
 * The queryOptions of a GET whose query key is its URL (a path from src/shared/api): the default
 * query function below fetches it, and the answers the server inlines into the page are found
 * under it. Here rather than in resource.ts so the public pages don't pull in the admin's toasts.
 */
export function urlQuery<T>(url: string) {
  return queryOptions<T, Error, T, readonly unknown[]>({ queryKey: [url] });
}

export type UrlQuery<T> = ReturnType<typeof urlQuery<T>>;

/** Section 9: never stale, no retry, no refetch on focus, no polling; mutations never retried. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
