import { useQuery } from "@tanstack/react-query";
import { audioTracksApi, type AudioTrack } from "@shared/api/audio-tracks";
import { urlQuery } from "@client/lib/query-client";

/** The player's playlist: featured, active tracks (inlined with every public page). */
export const featuredTracksQuery = () => urlQuery<AudioTrack[]>(audioTracksApi.featured);

export const useFeaturedTracks = () => useQuery(featuredTracksQuery());
