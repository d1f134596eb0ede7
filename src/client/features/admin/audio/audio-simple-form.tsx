import { useId } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { firstSimpleAudioError } from "@shared/schemas/audio-tracks";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { useSaveTrack } from "./api";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { addDraftHasEdits, type AddDraftState } from "./add-draft";
import { MediaSourceField } from "./media-source-field";
import { durationHint, readAudioDuration } from "./read-duration";
import { useMediaUploads } from "./use-media-submit";
import { useNavigateAfterSave } from "@client/lib/use-unsaved-changes";

/**
 * The simplified add form (spec sections 2 and 5): title, artist (the band's name by default),
 * the audio, its length, optional cover art and Featured. Its checks run in the spec's order and each
 * failure is a 'Validation Error' toast.
 */
export function AudioSimpleForm({ defaultArtist, shared }: { defaultArtist: string; shared: AddDraftState }) {
  const navigate = useNavigateAfterSave();
  const { draft, setDraft, audio, cover } = shared;
  const { title, duration, featured } = draft;
  // the band's name (which may still be loading) until the artist is typed in
  const artist = draft.artist ?? defaultArtist;
  const setTitle = (title: string) => setDraft((d) => ({ ...d, title }));
  const setArtist = (artist: string) => setDraft((d) => ({ ...d, artist }));
  const setDuration = (duration: string) => setDraft((d) => ({ ...d, duration }));
  const featuredHint = useId();
  const setFeatured = (featured: boolean) => setDraft((d) => ({ ...d, featured }));
  const uploads = useMediaUploads((kind, err) => {
    if (kind !== "audio") return false;
    // the spec's words, plus the server's reason when it gave one (too large, wrong type)
    toast.error("Error", { description: err.reason ? `Audio upload failed: ${err.reason}` : "Audio upload failed" });
    return true;
  });
  const save = useSaveTrack(null, {
    errorToast: false,
    onSuccess: () => navigate("/audio"),
    onError: (err) => {
      console.error("Failed to create audio track", err);
      toast.error("Error", { description: "Failed to create audio track. See console for details." });
    },
  });
  const pending = uploads.uploading || save.isPending;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = firstSimpleAudioError({ title, artist, duration, audioMode: audio.source.mode, hasAudioFile: !!audio.source.file, audioUrl: audio.source.url });
    if (problem) return void toast.error("Validation Error", { description: problem });
    const urls = await uploads.upload([
      { kind: "audio", source: audio.source, update: audio.update },
      { kind: "cover-art", source: cover.source, update: cover.update },
    ]);
    if (!urls) return;
    save.mutate({ title: title.trim(), artist: artist.trim(), audioUrl: urls[0], coverArtUrl: urls[1], duration: Number(duration), isFeatured: featured, isActive: true });
  }

  const seconds = Number(duration);
  return (
    <form noValidate onSubmit={submit} className="max-w-2xl space-y-5">
      <Field label="Title">
        <Input value={title} onChange={(e) => setTitle(e.currentTarget.value)} placeholder="Track title" />
      </Field>
      <Field label="Artist">
        <Input value={artist} onChange={(e) => setArtist(e.currentTarget.value)} placeholder="Artist name" />
      </Field>
      <MediaSourceField
        kind="audio"
        label="Audio File"
        source={audio.source}
        onChange={audio.update}
        disabled={pending}
        onFile={async (file) => {
          const length = await readAudioDuration(file);
          // whole seconds here (spec: rounded in the simplified form)
          if (length) setDuration(String(Math.max(1, Math.round(length))));
        }}
      />
      <Field label="Duration (seconds)" hint={durationHint(seconds)}>
        <Input value={duration} onChange={(e) => setDuration(e.currentTarget.value)} inputMode="decimal" placeholder="e.g. 184" />
      </Field>
      <MediaSourceField kind="cover-art" label="Cover Art (optional)" source={cover.source} onChange={cover.update} disabled={pending} />
      <div className="space-y-1.5">
        <Checkbox label="Featured" checked={featured} onCheckedChange={(c) => setFeatured(c === true)} aria-describedby={featuredHint} />
        <p id={featuredHint} className="text-xs text-dust">
          Featured tracks play in the site's header player.
        </p>
      </div>
      <UnsavedChangesPrompt when={addDraftHasEdits(shared) && !save.isSuccess} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link href="/audio">Cancel</Link>
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {uploads.uploading ? "Uploading..." : save.isPending ? "Saving..." : "Add Track"}
        </Button>
      </div>
    </form>
  );
}
