import { ImageOff, Trash2 } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { BAND_PHOTO_ALT_MAX } from "@shared/schemas/band-photo";
import { maxSizeText, UPLOAD_LIMITS } from "@shared/upload-limits";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { Field } from "@client/components/ui/field";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { Input } from "@client/components/ui/input";
import { UploadField } from "@client/components/ui/upload-field";
import { ApiError, errorMessage } from "@client/lib/api-client";
import { useSetting } from "@client/lib/settings";
import { mediaUrl } from "@client/lib/media-url";
import { uploadBandPhoto, useBandPhoto, useRemoveBandPhoto, useSaveBandPhoto } from "./band-photo-api";

const ACCEPT = "image/png,image/jpeg,image/gif,image/webp";

/**
 * Settings' band photo (issue 21): the photo at the top of the home page, also the picture link
 * previews show. Choose a file and save (it is uploaded then), edit its alt text, or remove it.
 * Its own Save: nothing else on the Settings page is saved with it.
 */
export function BandPhotoSection() {
  const band = useSetting("band-name").value;
  const { data: photo, isLoading } = useBandPhoto();
  const save = useSaveBandPhoto();
  const remove = useRemoveBandPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [altText, setAltText] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const stored = photo?.altText ?? "";
  // the field follows the saved text (first load, after a save or a removal)
  useEffect(() => setAltText(stored), [stored]);

  const busy = progress !== null || save.isPending;
  const changed = file !== null || (photo != null && altText.trim() !== stored);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    let imageUrl = photo?.imageUrl;
    if (file) {
      setProgress(0);
      try {
        imageUrl = await uploadBandPhoto(file, setProgress);
      } catch (err) {
        const message = err instanceof ApiError ? (err.body?.message ?? errorMessage(err)) : errorMessage(err);
        setError(message);
        toast.error("Error uploading image", { description: message });
        return;
      } finally {
        setProgress(null);
      }
    }
    if (!imageUrl) {
      setError("Choose a photo first");
      return;
    }
    save.mutate({ imageUrl, altText: altText.trim() }, { onSuccess: () => setFile(null) });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Band Photo</CardTitle>
        <CardDescription>Shown across the top of your home page, and as the picture when someone shares a link to your site.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-5" aria-label="Band photo">
          <div className="aspect-[3/2] w-full max-w-xl overflow-hidden rounded-md border border-smoke bg-ash">
            {photo ? (
              <ImageWithFallback
                src={mediaUrl(photo.imageUrl)}
                variants={photo.image}
                sizes="(min-width: 640px) 36rem, calc(100vw - 4rem)"
                alt={`Current band photo: ${photo.altText || band}`}
                loading="eager"
                className="h-full w-full object-cover"
                fallback={<NoPhoto text="The photo could not be loaded" />}
              />
            ) : (
              <NoPhoto text={isLoading ? "Loading..." : "No band photo yet: the home page shows your name on its own."} />
            )}
          </div>
          <UploadField
            label={photo ? "Replace Photo" : "Photo"}
            accept={ACCEPT}
            only={{ prefix: "image/", message: "Please choose an image file" }}
            maxBytes={UPLOAD_LIMITS.image}
            hint={`A wide (landscape) photo works best, at least 1600 px across; the middle stays in view on phones. PNG, JPG, GIF or WebP, ${maxSizeText(UPLOAD_LIMITS.image)}. Saved without its location data.`}
            file={file}
            onFileChange={(picked) => {
              setError(null);
              setFile(picked);
            }}
            error={error}
            progress={progress}
            disabled={busy}
            clearText="Clear new photo"
            preview={{ kind: "image", size: "lg", alt: "New band photo preview" }}
          />
          <Field
            label="Alt Text"
            hint={`What the photo shows, read out to fans who use a screen reader. Left empty, it is your band's name ("${band}").`}
            error={save.error instanceof ApiError ? save.error.body?.errors?.altText : undefined}>
            <Input value={altText} maxLength={BAND_PHOTO_ALT_MAX} placeholder={band} disabled={busy} onChange={(e) => setAltText(e.currentTarget.value)} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy || !changed}>
              {progress !== null ? "Uploading..." : save.isPending ? "Saving..." : "Save Photo"}
            </Button>
            {photo && (
              <Button type="button" variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove Photo
              </Button>
            )}
          </div>
        </form>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Remove the band photo?"
          description="The home page goes back to your name on its own, and link previews show the site's stock picture. The file stays in your uploads."
          confirmLabel="Remove"
          pendingLabel="Removing..."
          pending={remove.isPending}
          onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
        />
      </CardContent>
    </Card>
  );
}

function NoPhoto({ text }: { text: string }) {
  return (
    <div className="grid h-full w-full place-items-center p-6 text-center text-sm text-dust">
      <p className="flex max-w-xs flex-col items-center gap-2">
        <ImageOff className="h-6 w-6" aria-hidden="true" />
        {text}
      </p>
    </div>
  );
}
