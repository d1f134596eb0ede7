import { useQuery } from "@tanstack/react-query";
import { releasesApi, type Release } from "@shared/api/releases";
import { urlQuery } from "@client/lib/query-client";

/** Published releases, newest first (inlined with /releases and the home page). */
export const releasesQuery = () => urlQuery<Release[]>(releasesApi.list);
/** One release by its slug (inlined with its page). */
export const releaseQuery = (slug: string) => urlQuery<Release>(releasesApi.item(slug));

export const useReleases = () => useQuery(releasesQuery());
export const useRelease = (slug: string, enabled: boolean) => useQuery({ ...releaseQuery(slug), enabled });
