import { useQuery } from "@tanstack/react-query";
import { audioTracksApi } from "@shared/api/audio-tracks";
import { newsletterApi } from "@shared/api/newsletter";
import { releaseListKeys, releasesApi, type AdminRelease, type ReleaseInput } from "@shared/api/releases";
import type { AudioTrack } from "@shared/schemas/audio-tracks";
import { errorMessage } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useItem, useResourceMutation } from "@client/lib/resource";

/** Every release, drafts too, with what each brought (the admin list). */
export const releasesQuery = () => ({ ...urlQuery<AdminRelease[]>(releasesApi.adminList), staleTime: 10_000 });
export const releaseQuery = (id: number) => urlQuery<AdminRelease>(releasesApi.adminItem(id));
/** The audio library, for the tracklist (the audio admin's own key: the same cache entry). */
export const tracksQuery = () => urlQuery<AudioTrack[]>(audioTracksApi.adminList);

export const useReleases = () => useQuery(releasesQuery());
export const useRelease = (id: number | null) => useItem(id === null ? null : releaseQuery(id));
export const useTracks = () => useQuery(tracksQuery());

const refreshed = (id: number) => [...releaseListKeys, releasesApi.adminItem(id), releasesApi.item(id)];

export function useDeleteRelease() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: releasesApi.item,
    invalidate: refreshed,
    successToast: "Release deleted successfully",
    errorToast: (err) => `Failed to delete release: ${errorMessage(err)}`,
  });
}

/** Create (no release) or update; `onError` gets the failure after the toast (to mark fields). */
export function useSaveRelease(release: AdminRelease | undefined, opts: { onSuccess: () => void; onError: (err: Error) => void }) {
  return useResourceMutation<ReleaseInput>({
    method: release ? "PUT" : "POST",
    url: release ? releasesApi.item(release.id) : releasesApi.list,
    invalidate: release ? refreshed(release.id) : releaseListKeys,
    successToast: release ? "Release updated successfully" : "Release created successfully",
    errorToast: (err) => `${release ? "Failed to update release" : "Failed to create release"}: ${errorMessage(err)}`,
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}

/** A newsletter to the fans who want news of releases, scheduled for the release's instant (the newsletter's own route). */
export function useScheduleReleaseNewsletter(opts: { onSuccess: () => void }) {
  return useResourceMutation<{ subject: string; content: string; scheduledAt: string }>({
    method: "POST",
    url: newsletterApi.send,
    body: (v) => ({ ...v, targetShows: false, targetReleases: true, targetMerch: false }),
    invalidate: [newsletterApi.list],
    successToast: "Newsletter scheduled for the release",
    errorToast: (err) => `Failed to schedule the newsletter: ${errorMessage(err)}`,
    onSuccess: opts.onSuccess,
  });
}
