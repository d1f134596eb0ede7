import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Release } from "@shared/api/releases";
import { useTimeReached } from "@client/lib/use-time-reached";
import { releaseQuery, releasesQuery } from "./api";

/**
 * Whether a release is out (issue 25, decision 041), read like a show's on-sale time
 * (`useTimeReached`): a page left open switches at releaseAt. Its answers (links and audio) were
 * read before that instant, so they are fetched again then.
 */
export function useReleaseOut(release: Pick<Release, "releaseAt" | "slug">): boolean {
  const out = useTimeReached(new Date(release.releaseAt).getTime());
  useRefetchWhenOut(release, out);
  return out;
}

/** Once out: answers fetched before releaseAt are fetched again (they had no links yet). */
function useRefetchWhenOut(release: Pick<Release, "releaseAt" | "slug">, out: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!out) return;
    const at = new Date(release.releaseAt).getTime();
    for (const key of [releaseQuery(release.slug).queryKey, releasesQuery().queryKey]) {
      const state = queryClient.getQueryState(key);
      if (state && state.dataUpdatedAt < at) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }, [out, release.releaseAt, release.slug, queryClient]);
}

/** What is left until `at` (ms), in whole days, hours, minutes and seconds. */
export function timeLeft(at: number, now: number) {
  const s = Math.max(0, Math.floor((at - now) / 1000));
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}
