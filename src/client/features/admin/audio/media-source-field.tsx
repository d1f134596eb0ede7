import { Link2, Upload, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { ProgressBar } from "@client/components/ui/progress-bar";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { mediaUrl } from "@client/lib/media-url";
import { MEDIA, tooLargeMessage, uploadMedia, type MediaKind } from "./upload-media";

export type SourceMode = "upload" | "link";

/** Where a track's audio or cover art comes from: a file to upload, or a link. */
export interface MediaSource {
  mode: SourceMode;
  file: File | null;
  url: string;
  /** upload progress 0..1 while uploading, else null */
  progress: number | null;
  /** the last file uploaded and where it went, so a retried save does not upload it twice */
  uploaded?: { file: File; path: string };
}

export function useMediaSource(initial: { mode: SourceMode; url?: string }) {
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

/** Upload-or-link control with the spec's hints, a preview, and upload progress for large files. */
export function MediaSourceField({ kind, label, source, onChange, onFile, error, disabled }: Props) {
  const id = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  // a new key remounts the file input, which is the only way to empty it
  const [inputKey, setInputKey] = useState(0);
  const media = MEDIA[kind];
  const preview = usePreviewUrl(source);
  const shownError = fileError ?? error;

  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-bone">{label}</legend>
      <Tabs value={source.mode} onValueChange={(mode) => onChange({ mode: mode as SourceMode })}>
        <TabsList aria-label={`${label} source`}>
          <TabsTrigger value="upload"><Upload className="mr-1.5 h-3.5 w-3.5" aria-hidden="true" />Upload</TabsTrigger>
          <TabsTrigger value="link"><Link2 className="mr-1.5 h-3.5 w-3.5" aria-hidden="true" />Link</TabsTrigger>
        </TabsList>
        <TabsContent value="upload" className="mt-2 space-y-2">
          <Label htmlFor={`${id}-file`} className="sr-only">{`${label}: choose a file`}</Label>
          <div className="flex flex-wrap items-center gap-2">
            <Input
              key={inputKey}
              id={`${id}-file`}
              type="file"
              accept={media.accept}
              className="h-auto py-2 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-smoke file:px-3 file:py-1 file:text-bone"
              aria-invalid={shownError ? true : undefined}
              aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0] ?? null;
                const tooLarge = file ? tooLargeMessage(kind, file) : null;
                setFileError(tooLarge);
                if (tooLarge) e.currentTarget.value = "";
                onChange({ file: tooLarge ? null : file, progress: null });
                if (file && !tooLarge) onFile?.(file);
              }}
            />
            {source.file && (
              // the input itself forgets the file when this form remounts (switching forms)
              <span className="min-w-0 truncate text-xs text-dust">Selected: {source.file.name}</span>
            )}
            {source.file && (
              <Button variant="ghost" size="sm" onClick={() => {
                  onChange({ file: null, progress: null });
                  setInputKey((k) => k + 1);
                }} aria-label={`Clear ${label} file`}>
                <X className="h-4 w-4" aria-hidden="true" /> Clear
              </Button>
            )}
          </div>
        </TabsContent>
        <TabsContent value="link" className="mt-2">
          <Label htmlFor={`${id}-url`} className="sr-only">{`${label} URL`}</Label>
          <Input
            id={`${id}-url`}
            value={source.url}
            onChange={(e) => onChange({ url: e.currentTarget.value })}
            placeholder={kind === "audio" ? "/uploads/audio/track.mp3 or https://..." : "/uploads/images/cover.jpg or https://..."}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
          />
        </TabsContent>
      </Tabs>
      <p id={`${id}-hint`} className="text-xs text-dust">
        {kind === "audio" ? "Audio: " : "Cover art: "}
        {media.hint}
      </p>
      {source.progress !== null && (
        <div className="space-y-1">
          <ProgressBar value={source.progress} label={`${label} upload progress`} />
          <p className="text-xs text-dust">Uploading... {Math.round(source.progress * 100)}%</p>
        </div>
      )}
      {shownError && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {shownError}
        </p>
      )}
      {preview && (kind === "audio" ? <audio controls preload="metadata" src={preview} className="mt-1 h-10 w-full max-w-md" aria-label={`${label} preview`} /> : <img src={preview} alt={`${label} preview`} className="mt-1 h-24 w-24 rounded object-cover" />)}
    </fieldset>
  );
}

/** A local object URL for a chosen file (revoked when it changes), else the link. */
function usePreviewUrl(source: MediaSource): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const file = source.mode === "upload" ? source.file : null;
  useEffect(() => {
    if (!file) return setObjectUrl(null);
    const url = URL.createObjectURL(file);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  if (source.mode === "upload") return objectUrl;
  return source.url.trim() ? mediaUrl(source.url) : null;
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
