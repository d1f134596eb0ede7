import { Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { tooLargeMessage } from "@shared/upload-limits";
import { Button } from "@client/components/ui/button";

/**
 * A button that picks files and uploads each at once (the kit's photos, logos and PDFs), with its
 * own progress and error line. `onUploaded` gets each stored path with the file's name.
 */
export function FilePicker({ label, accept, maxBytes, multiple, upload, onUploaded, disabled }: {
  label: string;
  accept: string;
  maxBytes: number;
  multiple?: boolean;
  upload: (file: File) => Promise<string>;
  onUploaded: (path: string, file: File) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (files: File[]) => {
    setError(null);
    for (const file of files) {
      if (file.size > maxBytes) {
        setError(`${file.name}: ${tooLargeMessage(maxBytes)}`);
        continue;
      }
      setBusy(file.name);
      try {
        onUploaded(await upload(file), file);
      } catch (err) {
        setError(`${file.name}: ${(err as Error).message}`);
      }
    }
    setBusy(null);
    if (input.current) input.current.value = "";
  };
  return (
    <div className="space-y-1.5">
      <input ref={input} type="file" accept={accept} multiple={multiple} hidden onChange={(e) => void pick(Array.from(e.target.files ?? []))} />
      <Button type="button" variant="outline" size="sm" disabled={disabled || busy !== null} onClick={() => input.current?.click()} aria-describedby={statusId}>
        <Upload className="mr-1.5 h-4 w-4" aria-hidden="true" /> {busy ? "Uploading..." : label}
      </Button>
      <p id={statusId} aria-live="polite" className={error ? "text-sm text-red-400" : "sr-only"}>
        {error ?? (busy ? `Uploading ${busy}` : "")}
      </p>
    </div>
  );
}
