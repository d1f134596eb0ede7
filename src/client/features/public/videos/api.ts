import { useQuery } from "@tanstack/react-query";
import { videosApi, type Video } from "@shared/api/videos";
import { urlQuery } from "@client/lib/query-client";

/** Active videos (inlined with the home page and /videos). */
export const activeVideosQuery = () => urlQuery<Video[]>(videosApi.active);

export const useActiveVideos = () => useQuery(activeVideosQuery());
