import { useQuery } from "@tanstack/react-query";
import { DEFAULT_BAND_NAME } from "@shared/constants";
import { getQueryFn } from "./query-client";

/** The band's name from settings (it feeds titles and defaults), with the built-in default. */
export function useBandName(): string {
  const { data } = useQuery<{ value?: string } | null>({
    queryKey: ["/api/settings/band-name"],
    queryFn: getQueryFn({ on401: "returnNull" }) as never,
    staleTime: 5 * 60 * 1000,
  });
  return data?.value?.trim() || DEFAULT_BAND_NAME;
}
