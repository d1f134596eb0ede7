/** Uploads (spec section 7): media files for tracks and cover art. */
export type { MediaFile } from "../schemas/uploads";

export type MediaFileType = "audio" | "image" | "pdf";

export const uploadsApi = {
  /** purpose band-photo: the band photo, which also gets a JPEG share image (issue 21) */
  media: (fileType: MediaFileType, purpose?: "band-photo") => `/api/upload/media?fileType=${fileType}${purpose ? `&purpose=${purpose}` : ""}`,
  list: "/api/media",
  item: (id: number) => `/api/media/${id}`,
} as const;
