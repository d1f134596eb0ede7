import { Link2, Upload, X } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { tooLargeMessage } from "@shared/upload-limits";
import { mediaUrl } from "@client/lib/media-url";
import { Button } from "./button";
import { ImageWithFallback } from "./image-with-fallback";
import { Input } from "./input";
import { Label } from "./label";
import { ProgressBar } from "./progress-bar";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

export type UploadMode = "upload" | "link";

export type UploadPreview =
  | { kind: "audio" }
  | {
      kind: "image";
      /** sm: a small square, lg: a large square, avatar: a round photo beside the controls */
      size: "sm" | "lg" | "avatar";
      /** the preview's alt text; default '<label> preview' */
      alt?: string;
      /** alt text while it shows a chosen file; default as alt */
      fileAlt?: string;
      /** shown when there is no image, or it cannot be loaded (broken = true) */
      placeholder?: (broken: boolean) => ReactNode;
    };

export interface UploadFieldProps {
  /** the field's name (its legend); the base of its other accessible names */
  label: string;
  /** the file input's accessible name; default '<label>: choose a file' */
  fileLabel?: string;
  accept: string;
  maxBytes: number;
  /** refuse files whose MIME type does not start with `prefix`, with `message` */
  only?: { prefix: string; message: string };
  hint: ReactNode;
  file: File | null;
  /** a newly chosen acceptable file, or null when it was cleared or refused */
  onFileChange: (file: File | null) => void;
  /** the link that is saved without a new file (the preview shows it) */
  url?: string | null;
  /** 'upload a file or paste a link': the mode, and the link's own input for the link tab */
  link?: { mode: UploadMode; onModeChange: (mode: UploadMode) => void; input: ReactNode; tabs?: { value: UploadMode; label: ReactNode }[] };
  /** e.g. the upload's failure, or the form's message for this field */
  error?: string | null;
  /** 0..1 while uploading */
  progress?: number | null;
  disabled?: boolean;
  /** before the chosen file's name; default 'Selected: ' */
  selectedPrefix?: string;
  /** the clear button's text and, when it differs, accessible name */
  clearText?: string;
  clearLabel?: string;
  preview?: UploadPreview;
}

const DEFAULT_TABS: { value: UploadMode; label: ReactNode }[] = [
  { value: "upload", label: <><Upload className="mr-1.5 h-3.5 w-3.5" aria-hidden="true" />Upload</> },
  { value: "link", label: <><Link2 className="mr-1.5 h-3.5 w-3.5" aria-hidden="true" />Link</> },
];

/**
 * The admin's one file field: upload a file (size and type checked here, sent when the form is
 * saved), optionally or paste a link instead (tabs), with hint, errors, progress and a preview.
 */
export function UploadField(props: UploadFieldProps) {
  const { label, fileLabel = `${label}: choose a file`, accept, maxBytes, only, hint, file, onFileChange, url, link, error, progress = null, disabled, selectedPrefix = "Selected: ", clearText = "Clear", clearLabel, preview } = props;
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  // a new key remounts the file input, which is the only way to empty it
  const [inputKey, setInputKey] = useState(0);
  const mode = link?.mode ?? "upload";
  const shownFile = mode === "upload" ? file : null;
  const objectUrl = useObjectUrl(shownFile);
  const shownError = refusal ?? error;
  const describedBy = `${id}-hint${shownError ? ` ${id}-error` : ""}`;
  const avatar = preview?.kind === "image" && preview.size === "avatar";

  const choose = (picked: File | null) => {
    const problem = !picked ? null : only && !picked.type.startsWith(only.prefix) ? only.message : picked.size > maxBytes ? tooLargeMessage(maxBytes) : null;
    setRefusal(problem);
    if (problem) setInputKey((k) => k + 1);
    onFileChange(problem ? null : picked);
  };

  const fileControls = (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      {/* beside an avatar the file input's label is the field's visible name */}
      <Label htmlFor={`${id}-file`} className={avatar ? "w-full" : "sr-only"}>
        {fileLabel}
      </Label>
      <Input
        key={inputKey}
        id={`${id}-file`}
        type="file"
        accept={accept}
        className="h-auto min-w-0 py-2 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-smoke file:px-3 file:py-1 file:text-bone"
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
      />
      {file && (
        // the input itself forgets the file when the form remounts (switching forms)
        <span className="min-w-0 truncate text-xs text-dust">
          {selectedPrefix}
          {file.name}
        </span>
      )}
      {file && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={clearLabel}
          onClick={() => {
            setRefusal(null);
            onFileChange(null);
            setInputKey((k) => k + 1);
          }}
        >
          <X className="h-4 w-4" aria-hidden="true" /> {clearText}
        </Button>
      )}
    </div>
  );

  const src = objectUrl ?? (mediaUrl(url) || null);
  const shownPreview = preview && <Preview preview={preview} label={label} src={src} isFile={!!objectUrl} />;

  return (
    <fieldset className={avatar ? "flex flex-col gap-4 sm:flex-row sm:items-start" : "min-w-0 space-y-2"} disabled={disabled}>
      <legend className={avatar ? "sr-only" : "text-sm font-medium text-bone"}>{label}</legend>
      {avatar && shownPreview}
      <div className="min-w-0 flex-1 space-y-2">
        {link ? (
          <Tabs value={mode} onValueChange={(value) => link.onModeChange(value as UploadMode)}>
            <TabsList aria-label={`${label} source`}>
              {(link.tabs ?? DEFAULT_TABS).map((tab) => (
                <TabsTrigger key={tab.value} value={tab.value}>
                  {tab.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="upload" className="mt-2">
              {fileControls}
            </TabsContent>
            <TabsContent value="link" className="mt-2">
              {link.input}
            </TabsContent>
          </Tabs>
        ) : (
          fileControls
        )}
        <p id={`${id}-hint`} className="text-xs text-dust">
          {hint}
        </p>
        {progress !== null && (
          <div className="space-y-1">
            <ProgressBar value={progress} label={`${label} upload progress`} className="max-w-xs" />
            <p className="text-xs text-dust" role="status">
              Uploading... {Math.round(progress * 100)}%
            </p>
          </div>
        )}
        {shownError && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
            {shownError}
          </p>
        )}
        {!avatar && shownPreview}
      </div>
    </fieldset>
  );
}

const IMAGE_SIZES = {
  sm: "h-24 w-24 rounded",
  lg: "size-40 rounded-md border border-smoke",
  avatar: "h-28 w-28 shrink-0 rounded-full border border-smoke",
};

function Preview({ preview, label, src, isFile }: { preview: UploadPreview; label: string; src: string | null; isFile: boolean }) {
  if (preview.kind === "audio") return src ? <audio controls preload="metadata" src={src} className="mt-1 h-10 w-full max-w-md" aria-label={`${label} preview`} /> : null;
  const alt = (isFile && preview.fileAlt) || preview.alt || `${label} preview`;
  const sizes = IMAGE_SIZES[preview.size];
  const box = (broken: boolean) => preview.placeholder && <div className={`${sizes} overflow-hidden`}>{preview.placeholder(broken)}</div>;
  return <ImageWithFallback src={src} alt={alt} loading="eager" className={`${sizes} object-cover`} fallback={src ? box(true) : box(false)} />;
}

/** A local object URL for a chosen file, revoked when the file changes. */
function useObjectUrl(file: File | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setObjectUrl(null);
    const url = URL.createObjectURL(file);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return objectUrl;
}
