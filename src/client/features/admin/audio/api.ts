import type { AudioTrackValues } from "@shared/schemas/audio-tracks";
import type { AudioTrack } from "@shared/schemas/audio-tracks";
import { errorMessage } from "@client/lib/api-client";
import { useResourceMutation } from "@client/lib/resource";

export const TRACKS_URL = "/api/audio-tracks";
/** The public player's list (features/public/player): refreshed after every write so the site follows at once. */
export const FEATURED_TRACKS_URL = "/api/audio-tracks?featured=true";
const invalidate = [TRACKS_URL, FEATURED_TRACKS_URL];

export function useDeleteTrack() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: (id) => `${TRACKS_URL}/${id}`,
    invalidate,
    successToast: "Audio track deleted",
    errorToast: "Error deleting audio track",
  });
}

/** Star and active toggles: each sends the opposite of the row's current value (spec section 4). */
export function useToggleFeatured() {
  return useResourceMutation<AudioTrack>({
    method: "PUT",
    url: (t) => `${TRACKS_URL}/${t.id}/featured`,
    body: (t) => ({ isFeatured: !t.isFeatured }),
    invalidate,
    successToast: "Audio track updated",
    errorToast: "Error updating featured status",
  });
}

export function useToggleActive() {
  return useResourceMutation<AudioTrack>({
    method: "PUT",
    url: (t) => `${TRACKS_URL}/${t.id}/active`,
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
    url: id ? `${TRACKS_URL}/${id}` : TRACKS_URL,
    invalidate: id ? [...invalidate, `${TRACKS_URL}/${id}`] : invalidate,
    successToast: id ? "Audio track updated" : "Audio track created",
    errorToast:
      opts.errorToast ?? ((err) => ({ title: id ? "Error updating audio track" : "Error creating audio track", description: errorMessage(err, "An error occurred") })),
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
