import { uploadsApi } from "@shared/api/uploads";
import { ApiError } from "@client/lib/api-client";
import { maxSizeText, UPLOAD_LIMITS } from "@shared/upload-limits";
import { uploadFile } from "@client/lib/upload";

export type MediaKind = "audio" | "cover-art";

/** Displayed hints (spec section 2) and the limits the server enforces (ARCHITECTURE.md). */
export const MEDIA = {
  audio: { accept: "audio/mpeg,audio/wav,audio/x-wav,audio/ogg,.mp3,.wav,.ogg", hint: `Audio: MP3, WAV or OGG, ${maxSizeText(UPLOAD_LIMITS.audio)}`, maxBytes: UPLOAD_LIMITS.audio },
  "cover-art": { accept: "image/jpeg,image/png", hint: `Cover art: Recommended 300x300, JPEG or PNG, ${maxSizeText(UPLOAD_LIMITS.coverArt)}`, maxBytes: UPLOAD_LIMITS.coverArt },
} as const;

/** Upload failures carry the spec's wording; `reason` is the server's explanation, if any. */
export class MediaUploadError extends Error {
  constructor(
    message: string,
    public kind: "failed" | "invalid-response",
    public reason?: string,
  ) {
    super(message);
  }
}

/** POST /api/upload/media; resolves with the stored file's path. */
export async function uploadMedia(kind: MediaKind, file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const url = kind === "audio" ? uploadsApi.media("audio") : `${uploadsApi.media("image")}&purpose=cover-art`;
  let result;
  try {
    result = await uploadFile(url, file, { onProgress });
  } catch (err) {
    const reason = err instanceof ApiError ? err.serverMessage : undefined;
    throw new MediaUploadError("Could not upload file. Please try again.", "failed", reason);
  }
  const path = result?.data?.filePath;
  if (!path) throw new MediaUploadError("Invalid response from file upload service", "invalid-response");
  return path;
}
