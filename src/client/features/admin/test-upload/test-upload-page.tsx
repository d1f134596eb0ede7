import { useId, useState } from "react";
import { toast } from "sonner";
import { uploadsApi } from "@shared/api/uploads";
import { maxSizeText, UPLOAD_LIMITS } from "@shared/upload-limits";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardFooter } from "@client/components/ui/card";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { PageHeader } from "@client/components/ui/page-header";
import { ProgressBar } from "@client/components/ui/progress-bar";
import { Select } from "@client/components/ui/select";
import { ApiError } from "@client/lib/api-client";
import { uploadFile } from "@client/lib/upload";

type FileType = "audio" | "image";
const ACCEPT: Record<FileType, string> = { audio: "audio/mpeg,audio/wav,audio/x-wav,audio/ogg,.mp3,.wav,.ogg", image: "image/*" };

/** /admin/test-upload: send one file to POST /api/upload/media and show the raw answer. */
export default function TestUploadPage() {
  const id = useId();
  const [fileType, setFileType] = useState<FileType>("audio");
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<unknown>(null);

  async function upload() {
    // ignored (not disabled) while uploading: disabling the focused button would drop focus on <body>
    if (!file || progress !== null) return;
    setResult(null);
    setProgress(0);
    try {
      const res = await uploadFile(uploadsApi.media(fileType), file, { fields: { fileType }, onProgress: setProgress });
      setResult(res);
      toast.success("Upload Successful", { description: res.data?.filePath });
    } catch (err) {
      if (err instanceof ApiError) {
        // the server answered and refused: show its answer
        setResult(err.body ?? { status: err.status, message: err.message });
        toast.error("Upload Failed", { description: err.serverMessage ?? err.message });
      } else {
        setResult({ error: err instanceof Error ? err.message : String(err) });
        toast.error("Upload Error", { description: err instanceof Error ? err.message : "The upload could not be sent." });
      }
    } finally {
      setProgress(null);
    }
  }

  // a successful upload is also shown as what it is: the picture, or a player
  const uploaded = (result as { success?: boolean; data?: { filePath?: string; fileType?: string } } | null)?.data;
  return (
    <div className="space-y-6">
      <PageHeader title="Test Upload" subtitle="Try the media upload with one file and see exactly what the server answers." />
      <Card>
        <CardContent className="grid max-w-2xl gap-5 pt-5">
          <Field label="File Type">
            <Select
              value={fileType}
              onValueChange={(v) => {
                setFileType(v as FileType);
                setFile(null);
                setInputKey((k) => k + 1);
              }}
              options={[
                { value: "audio", label: `Audio (MP3, WAV or OGG, ${maxSizeText(UPLOAD_LIMITS.audio)})` },
                { value: "image", label: `Image (SVG, PNG, JPG, GIF or WebP, ${maxSizeText(UPLOAD_LIMITS.image)})` },
              ]}
            />
          </Field>
          <Field label="File">
            <Input
              key={inputKey}
              id={`${id}-file`}
              type="file"
              accept={ACCEPT[fileType]}
              className="h-auto py-2 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-smoke file:px-3 file:py-1 file:text-bone"
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </Field>
          {progress !== null && <ProgressBar value={progress} label="Upload progress" />}
        </CardContent>
        <CardFooter className="justify-end">
          <Button onClick={upload} disabled={!file} aria-busy={progress !== null || undefined}>
            {progress !== null ? `Uploading... ${Math.round(progress * 100)}%` : "Upload"}
          </Button>
        </CardFooter>
      </Card>
      {result !== null && (
        <Card>
          <CardContent className="pt-5">
            <h2 className="mb-2 text-sm font-semibold text-dust">Result</h2>
            {uploaded?.filePath && (
              <div className="mb-4">
                {uploaded.fileType === "image" ? (
                  <img src={uploaded.filePath} alt="The uploaded image" className="max-h-48 rounded-md" />
                ) : (
                  <audio controls preload="metadata" src={uploaded.filePath} className="w-full max-w-md" aria-label="The uploaded audio" />
                )}
              </div>
            )}
            <pre aria-label="Upload result" className="max-h-96 overflow-auto whitespace-pre-wrap break-all rounded-md bg-ink p-4 font-mono text-xs text-bone">
              {JSON.stringify(result, null, 2)}
            </pre>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
