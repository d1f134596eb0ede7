/** Uploads (spec section 7): media files for tracks and cover art. */
export type { MediaFile } from "../schemas/uploads";

export type MediaFileType = "audio" | "image";

export const uploadsApi = {
  media: (fileType: MediaFileType) => `/api/upload/media?fileType=${fileType}`,
  list: "/api/media",
} as const;
