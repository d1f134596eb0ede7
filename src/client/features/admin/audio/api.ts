import { useQuery } from "@tanstack/react-query";
import { audioTrackListKeys, audioTracksApi, type AudioTrack } from "@shared/api/audio-tracks";
import type { AudioTrackValues } from "@shared/schemas/audio-tracks";
import { errorMessage } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useItem, useResourceMutation } from "@client/lib/resource";

/** Every track (the public player's list is audioTracksApi.featured, refreshed by every write too). */
export const tracksQuery = () => urlQuery<AudioTrack[]>(audioTracksApi.adminList);
export const trackQuery = (id: number) => urlQuery<AudioTrack>(audioTracksApi.item(id));

export const useTracks = () => useQuery(tracksQuery());
export const useTrack = (id: number) => useItem(trackQuery(id));

const invalidate = audioTrackListKeys;

export function useDeleteTrack() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: audioTracksApi.item,
    invalidate,
    successToast: "Audio track deleted",
    errorToast: "Error deleting audio track",
  });
}

/** Star and active toggles: each sends the opposite of the row's current value (spec section 4). */
export function useToggleFeatured() {
  return useResourceMutation<AudioTrack>({
    method: "PUT",
    url: (t) => audioTracksApi.featuredFlag(t.id),
    body: (t) => ({ isFeatured: !t.isFeatured }),
    invalidate,
    successToast: "Audio track updated",
    errorToast: "Error updating featured status",
  });
}

export function useToggleActive() {
  return useResourceMutation<AudioTrack>({
    method: "PUT",
    url: (t) => audioTracksApi.activeFlag(t.id),
    body: (t) => ({ isActive: !t.isActive }),
    invalidate,
    successToast: "Audio track updated",
    errorToast: "Error updating active status",
  });
}

/** Create (no id) or update; the failure toast is titled as the spec says, with the server's message. */
export function useSaveTrack(id: number | null, opts: { onSuccess: () => void; onError?: (err: Error) => void; errorToast?: false }) {
  return useResourceMutation<AudioTrackValues>({
    method: id ? "PUT" : "POST",
    url: id ? audioTracksApi.item(id) : audioTracksApi.list,
    invalidate: id ? [...invalidate, audioTracksApi.item(id)] : invalidate,
    successToast: id ? "Audio track updated" : "Audio track created",
    errorToast:
      opts.errorToast ?? ((err) => ({ title: id ? "Error updating audio track" : "Error creating audio track", description: errorMessage(err, "An error occurred") })),
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
