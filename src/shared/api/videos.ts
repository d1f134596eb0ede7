/** Videos (spec section 7). */
export type { Video, VideoInput } from "../schemas/videos";
export { VIDEO_CATEGORIES, type VideoCategory } from "../categories";

export const videosApi = {
  /** GET (admin: every video), POST */
  list: "/api/videos",
  /** GET (public): active videos in order */
  active: "/api/videos/active",
  item: (id: number) => `/api/videos/${id}`,
  /** PUT (admin): { ids } every video in the order the public list plays them */
  order: "/api/videos/order",
  activeFlag: (id: number) => `/api/videos/${id}/active`,
} as const;

export const videoListKeys = [videosApi.list, videosApi.active];
