import { useQuery } from "@tanstack/react-query";
import type { AudioTrack } from "@shared/schemas/audio-tracks";

export const FEATURED_TRACKS_KEY = "/api/audio-tracks?featured=true";

export function useFeaturedTracks() {
  return useQuery<AudioTrack[]>({ queryKey: [FEATURED_TRACKS_KEY] });
}
