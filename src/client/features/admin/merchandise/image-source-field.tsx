import { ImageOff, Upload, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { Control } from "react-hook-form";
import { useWatch } from "react-hook-form";
import type { MerchandiseInput } from "@shared/schemas/merchandise";
import { MERCH_IMAGE_HINT } from "@shared/schemas/merchandise";
import { Button } from "@client/components/ui/button";
import { TextField } from "@client/components/ui/form-fields";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { Label } from "@client/components/ui/label";
import { ProgressBar } from "@client/components/ui/progress-bar";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";

export type ImageMode = "url" | "upload";
export const MAX_MERCH_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPT = "image/svg+xml,image/png,image/jpeg,image/gif";

function Preview({ src, alt }: { src?: string; alt: string }) {
  const placeholder = (
    <div className="flex size-40 flex-col items-center justify-center gap-2 rounded-md px-3 text-center border border-dashed border-smoke bg-ash/50 text-xs text-dust" data-testid="image-placeholder">
      <ImageOff className="size-6" aria-hidden />
      {src ? "Image could not be loaded" : "No image"}
    </div>
  );
  return <ImageWithFallback src={src} alt={alt} className="size-40 rounded-md border border-smoke object-cover" fallback={placeholder} />;
}

interface Props {
  control: Control<MerchandiseInput, unknown, unknown>;
  mode: ImageMode;
  onModeChange: (mode: ImageMode) => void;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** why the chosen file was refused or its upload failed */
  error: string | null;
  onError: (message: string | null) => void;
  /** 0..1 while uploading */
  progress: number | null;
}

/** The merchandise image: a URL (default) or a file uploaded at submit, with a preview either way. */
export function ImageSourceField({ control, mode, onModeChange, file, onFileChange, error, onError, progress }: Props) {
  const imageUrl = useWatch({ control, name: "imageUrl" }) ?? "";
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [filePreview, setFilePreview] = useState<string | undefined>();

  // The object URL lives as long as the chosen file.
  useEffect(() => {
    if (!file) return setFilePreview(undefined);
    const url = URL.createObjectURL(file);
    setFilePreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const clear = () => {
    onFileChange(null);
    onError(null);
    if (inputRef.current) inputRef.current.value = "";
  };

  return (
    <div className="space-y-2">
      <Label>Image</Label>
      <Tabs value={mode} onValueChange={(v) => onModeChange(v as ImageMode)}>
        <TabsList aria-label="Image source">
          <TabsTrigger value="url">Use a URL</TabsTrigger>
          <TabsTrigger value="upload">Upload a File</TabsTrigger>
        </TabsList>
        <TabsContent value="url" className="space-y-3">
          <TextField control={control} name="imageUrl" type="url" label="Image URL" placeholder="https://example.com/shirt.png" />
          <Preview src={imageUrl.trim() || undefined} alt="Image preview" />
        </TabsContent>
        <TabsContent value="upload" className="space-y-3">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              if (chosen && chosen.size > MAX_MERCH_IMAGE_BYTES) {
                onError("File is too large (max 5MB)");
                e.target.value = "";
                return;
              }
              onError(null);
              onFileChange(chosen);
            }}
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={progress !== null}>
              <Upload className="size-4" aria-hidden /> {file ? "Choose Another File" : "Choose File"}
            </Button>
            <label htmlFor={id} className="sr-only">
              Image file
            </label>
            {file && (
              <>
                <span className="max-w-56 truncate text-sm text-bone">{file.name}</span>
                <Button variant="ghost" size="sm" onClick={clear} disabled={progress !== null}>
                  <X className="size-4" aria-hidden /> Clear
                </Button>
              </>
            )}
          </div>
          <p id={`${id}-hint`} className="text-xs text-dust">
            {MERCH_IMAGE_HINT}. The file is uploaded when you save.
          </p>
          {progress !== null && (
            <div className="space-y-1">
              <ProgressBar value={progress} label="Image upload progress" className="max-w-xs" />
              <p className="text-xs text-dust" role="status">
                Uploading... {Math.round(progress * 100)}%
              </p>
            </div>
          )}
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
              {error}
            </p>
          )}
          <Preview src={filePreview ?? (imageUrl.trim() || undefined)} alt={file ? "Chosen file preview" : "Current image"} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
