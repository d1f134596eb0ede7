import { useQuery } from "@tanstack/react-query";
import { videoListKeys, videosApi, type Video } from "@shared/api/videos";
import type { VideoData } from "@shared/schemas/videos";
import { errorMessage } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useItem, useResourceMutation } from "@client/lib/resource";
import { useReorder } from "@client/lib/use-reorder";

/** Every video, active or not (the public list is videosApi.active). */
export const videosQuery = () => urlQuery<Video[]>(videosApi.list);
export const videoQuery = (id: number) => urlQuery<Video>(videosApi.item(id));

export const useVideos = () => useQuery(videosQuery());
/** The edit form's video; none on the add form. */
export const useVideo = (id: number | null) => useItem(id === null ? null : videoQuery(id));

export function useSetVideoActive() {
  return useResourceMutation<{ id: number; isActive: boolean }>({
    method: "PUT",
    url: ({ id }) => videosApi.activeFlag(id),
    body: ({ isActive }) => ({ isActive }),
    invalidate: videoListKeys,
    successToast: "Video updated",
    errorToast: (err) => `Failed to update video: ${errorMessage(err)}`,
  });
}

export function useDeleteVideo() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: videosApi.item,
    invalidate: videoListKeys,
    successToast: "Video deleted",
    errorToast: (err) => `Failed to delete video: ${errorMessage(err)}`,
  });
}

/** Create (no video) or update; `onError` gets the failure after the toast (e.g. to mark fields). */
export function useSaveVideo(video: Video | undefined, opts: { onSuccess: () => void; onError: (err: Error) => void }) {
  return useResourceMutation<VideoData>({
    method: video ? "PUT" : "POST",
    url: video ? videosApi.item(video.id) : videosApi.list,
    invalidate: video ? [...videoListKeys, videosApi.item(video.id)] : videoListKeys,
    successToast: video ? "Video updated" : "Video created",
    errorToast: (err) => `${video ? "Failed to update video" : "Failed to create video"}: ${errorMessage(err)}`,
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}

/** The admin's drag-and-drop order: the Order column, and the order the public list plays. */
export const useReorderVideos = () =>
  useReorder<Video>({ listKey: videosApi.list, orderUrl: videosApi.order, invalidate: videoListKeys, successText: "Order saved", errorText: "Failed to save the order. Please try again." });
