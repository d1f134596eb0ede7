import { useState } from "react";
import { Input } from "@client/components/ui/input";
import { UploadField, type UploadMode } from "@client/components/ui/upload-field";
import { MEDIA, uploadMedia, type MediaKind } from "./upload-media";

/** Where a track's audio or cover art comes from: a file to upload, or a link. */
export interface MediaSource {
  mode: UploadMode;
  file: File | null;
  url: string;
  /** upload progress 0..1 while uploading, else null */
  progress: number | null;
  /** the last file uploaded and where it went, so a retried save does not upload it twice */
  uploaded?: { file: File; path: string };
}

export function useMediaSource(initial: { mode: UploadMode; url?: string }) {
  const [source, setSource] = useState<MediaSource>({ mode: initial.mode, file: null, url: initial.url ?? "", progress: null });
  const update = (patch: Partial<MediaSource>) => setSource((s) => ({ ...s, ...patch }));
  return { source, update, reset: (url: string) => setSource((s) => ({ ...s, url, file: null, progress: null })) };
}

interface Props {
  kind: MediaKind;
  label: string;
  source: MediaSource;
  onChange: (patch: Partial<MediaSource>) => void;
  /** called with a newly chosen, acceptable file (the audio form reads its duration) */
  onFile?: (file: File) => void;
  error?: string;
  disabled?: boolean;
}

/** A track's audio or cover art in the shared upload field: the spec's hints, a preview, progress for large files. */
export function MediaSourceField({ kind, label, source, onChange, onFile, error, disabled }: Props) {
  const media = MEDIA[kind];
  return (
    <UploadField
      label={label}
      accept={media.accept}
      maxBytes={media.maxBytes}
      hint={media.hint}
      file={source.file}
      onFileChange={(file) => {
        onChange({ file, progress: null });
        if (file) onFile?.(file);
      }}
      url={source.url}
      link={{
        mode: source.mode,
        onModeChange: (mode) => onChange({ mode }),
        input: (
          <Input
            aria-label={`${label} URL`}
            value={source.url}
            onChange={(e) => onChange({ url: e.currentTarget.value })}
            placeholder={kind === "audio" ? "/uploads/audio/track.mp3 or https://..." : "/uploads/images/cover.jpg or https://..."}
            aria-invalid={error ? true : undefined}
          />
        ),
      }}
      error={error}
      progress={source.progress}
      disabled={disabled}
      clearLabel={`Clear ${label} file`}
      preview={kind === "audio" ? { kind: "audio" } : { kind: "image", size: "sm" }}
    />
  );
}

/**
 * The URL to save for a source: a chosen file is uploaded now (progress reported through
 * `update`), otherwise the link as typed. Upload mode without a file keeps the link the
 * record already had (editing starts in link mode with it).
 */
export async function resolveSource(kind: MediaKind, source: MediaSource, update: (patch: Partial<MediaSource>) => void): Promise<string> {
  if (source.mode !== "upload" || !source.file) return source.url.trim();
  if (source.uploaded?.file === source.file) return source.uploaded.path;
  // Only large files get a visible bar; small ones finish before it would mean anything.
  const showProgress = source.file.size > 256 * 1024;
  if (showProgress) update({ progress: 0 });
  try {
    const path = await uploadMedia(kind, source.file, showProgress ? (progress) => update({ progress }) : undefined);
    update({ uploaded: { file: source.file, path } });
    return path;
  } finally {
    if (showProgress) update({ progress: null });
  }
}
