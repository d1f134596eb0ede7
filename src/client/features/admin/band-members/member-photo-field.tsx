import { useEffect, useId, useState } from "react";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { mediaUrl } from "@client/lib/media-url";

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * The member's photo: image files only, previewed at once; uploaded when the form is saved.
 * `current` is the stored photo, shown until a new file is chosen.
 */
export function MemberPhotoField({ name, current, file, onFile }: { name: string; current: string | null; file: File | null; onFile: (file: File | null) => void }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? (current ? mediaUrl(current) : null);

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="grid h-28 w-28 shrink-0 place-items-center overflow-hidden rounded-full border border-smoke bg-ash text-3xl font-semibold text-dust">
        {shown ? <img src={shown} alt={`Photo of ${name || "the member"}`} className="h-full w-full object-cover" /> : <span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || "?"}</span>}
      </div>
      <div className="min-w-0 flex-1 space-y-1.5">
        <Label htmlFor={id}>Photo</Label>
        <Input
          key={inputKey}
          id={id}
          type="file"
          accept="image/*"
          className="h-auto py-2 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-smoke file:px-3 file:py-1 file:text-bone"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const picked = e.currentTarget.files?.[0] ?? null;
            const problem = !picked ? null : !picked.type.startsWith("image/") ? "Please choose an image file" : picked.size > MAX_BYTES ? "File is too large (max 5MB)" : null;
            setError(problem);
            if (problem) setInputKey((k) => k + 1);
            onFile(problem ? null : picked);
          }}
        />
        <p id={`${id}-hint`} className="text-xs text-dust">
          Recommended: a square image, at least 300x300px. Image files only, max 5MB.
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
            {error}
          </p>
        )}
        {file && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onFile(null);
              setInputKey((k) => k + 1);
            }}
          >
            Clear new photo
          </Button>
        )}
      </div>
    </div>
  );
}
