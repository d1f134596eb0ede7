import { useState } from "react";
import { toast } from "sonner";
import { resolveSource, type MediaSource } from "./media-source-field";
import { MediaUploadError, type MediaKind } from "./upload-media";

/**
 * Uploads the chosen files of a form (audio, cover art) before the save, with the spec's
 * failure toasts. `upload` resolves with the URLs to save, or null when an upload failed.
 */
export function useMediaUploads(onUploadError?: (kind: MediaKind, err: MediaUploadError) => boolean) {
  const [uploading, setUploading] = useState(false);

  async function upload(items: { kind: MediaKind; source: MediaSource; update: (patch: Partial<MediaSource>) => void }[]): Promise<string[] | null> {
    setUploading(true);
    let kind: MediaKind = items[0]?.kind ?? "audio";
    try {
      const urls: string[] = [];
      for (const item of items) {
        kind = item.kind;
        urls.push(await resolveSource(item.kind, item.source, item.update));
      }
      return urls;
    } catch (err) {
      const failure = err instanceof MediaUploadError ? err : new MediaUploadError("Could not upload file. Please try again.", "failed");
      // the caller may show its own wording (the simplified form says 'Audio upload failed')
      if (!onUploadError?.(kind, failure)) showUploadError(failure);
      return null;
    } finally {
      setUploading(false);
    }
  }

  return { uploading, upload };
}

export function showUploadError(err: MediaUploadError) {
  if (err.kind === "invalid-response") toast.error("Error", { description: err.message });
  else toast.error("Upload Failed", { description: err.reason ? `${err.message} ${err.reason}` : err.message });
}
