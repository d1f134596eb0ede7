import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import { Link } from "wouter";
import type { z, ZodType } from "zod";
import { audioTrackInput, type AudioTrackValues } from "@shared/schemas/audio-tracks";
import type { AudioTrack } from "@shared/schemas/audio-tracks";
import { Button } from "@client/components/ui/button";
import { CheckboxField, NumberField, SwitchField, TextField } from "@client/components/ui/form-fields";
import { applyServerErrors } from "@client/lib/resource";
import { useSaveTrack } from "./api";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { addDraftHasEdits, mediaChanged, type AddDraftState } from "./add-draft";
import { MediaSourceField, useMediaSource } from "./media-source-field";
import { durationHint, readAudioDuration } from "./read-duration";
import { useMediaUploads } from "./use-media-submit";
import { useNavigateAfterSave } from "@client/lib/use-unsaved-changes";

// The media links are not typed into the form itself: they come from the upload-or-link controls.
const formSchema = audioTrackInput.omit({ audioUrl: true, coverArtUrl: true });
// The links are form fields only so their messages can sit on them; nothing is typed into them.
type MediaFields = { audioUrl?: string; coverArtUrl?: string };
type FormIn = z.input<typeof formSchema> & MediaFields;
type FormInput = z.output<typeof formSchema> & MediaFields;
const schema: ZodType<FormInput, FormIn> = formSchema;

/**
 * The full audio form (spec section 2): add (through the toggle) and edit. Editing starts in
 * link mode with the stored links; adding starts in upload mode. Besides the validated submit
 * it has 'Direct Submit', which sends the values as they are and lets the server judge them.
 */
export function AudioFullForm({ track, defaultArtist, shared }: { track?: AudioTrack; defaultArtist: string; shared?: AddDraftState }) {
  const navigate = useNavigateAfterSave();
  const mode = track ? "link" : "upload";
  const ownAudio = useMediaSource({ mode, url: track?.audioUrl });
  const ownCover = useMediaSource({ mode, url: track?.coverArtUrl });
  // on the add page the sources and typed values are shared with the simplified form
  const audio = shared?.audio ?? ownAudio;
  const cover = shared?.cover ?? ownCover;
  const draft = shared?.draft;
  const form = useForm<FormIn, unknown, FormInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: track?.title ?? draft?.title ?? "",
      artist: track?.artist ?? draft?.artist ?? defaultArtist,
      duration: track ? Number(track.duration) : Number(draft?.duration) || 0,
      isFeatured: track?.isFeatured ?? draft?.featured ?? false,
      isActive: track?.isActive ?? true,
      unreleased: track?.unreleased ?? false,
    },
  });
  // The band's name may arrive after the form opened: follow it until the artist is edited.
  useEffect(() => {
    if (!track && draft?.artist == null && !form.getFieldState("artist").isDirty) form.setValue("artist", defaultArtist);
  }, [defaultArtist, track, draft?.artist, form]);
  // report typed values back to the add page, for a switch to the simplified form
  const setDraft = shared?.setDraft;
  useEffect(() => {
    if (!setDraft) return;
    const sub = form.watch((v, { name }) => {
      if (name === "isFeatured") setDraft((d) => ({ ...d, featured: v.isFeatured === true }));
      if (name === "title" || name === "artist" || name === "duration") {
        setDraft((d) => ({ ...d, [name]: name === "duration" ? (v.duration ? String(v.duration) : "") : (v[name] ?? "") }));
      }
    });
    return () => sub.unsubscribe();
  }, [form, setDraft]);
  const errors = form.formState.errors;
  const directSubmitHint = useId();
  const uploads = useMediaUploads();
  const save = useSaveTrack(track?.id ?? null, {
    onSuccess: () => navigate("/audio"),
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const pending = uploads.uploading || save.isPending;

  // on the add page what was typed lives in the shared draft (it survives the form switch)
  const edited = form.formState.isDirty || mediaChanged(audio.source, track?.audioUrl ?? "") || mediaChanged(cover.source, track?.coverArtUrl ?? "") || (shared ? addDraftHasEdits(shared) : false);
  const setMediaError = (field: keyof MediaFields, message: string) => form.setError(field, { type: "manual", message });

  /** Uploads what was chosen, then saves; `check` runs the client rules first (the normal submit). */
  async function submit(values: FormIn, check: boolean) {
    form.clearErrors(["audioUrl", "coverArtUrl"]);
    // upload mode without a new file keeps the stored link (edit), so only "neither" is missing
    const audioMissing = !audio.source.url.trim() && !(audio.source.mode === "upload" && audio.source.file);
    if (check && audioMissing) return setMediaError("audioUrl", "Audio file URL is required");
    const urls = await uploads.upload([
      { kind: "audio", source: audio.source, update: audio.update },
      { kind: "cover-art", source: cover.source, update: cover.update },
    ]);
    if (!urls) return;
    const payload = { ...values, audioUrl: urls[0], coverArtUrl: urls[1] };
    if (check) {
      const parsed = audioTrackInput.safeParse(payload);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) form.setError(String(issue.path[0]) as FieldPath<FormIn>, { type: "manual", message: issue.message });
        return;
      }
      return save.mutate(parsed.data);
    }
    save.mutate(payload as AudioTrackValues);
  }

  const duration = form.watch("duration");
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => submit(v, true))} className="max-w-2xl space-y-5">
      <TextField control={form.control} name="title" label="Title" placeholder="Track title" />
      <TextField control={form.control} name="artist" label="Artist" placeholder="Artist name" />
      <MediaSourceField
        kind="audio"
        label="Audio File"
        source={audio.source}
        onChange={audio.update}
        error={errors.audioUrl?.message}
        disabled={pending}
        onFile={async (file) => {
          const seconds = await readAudioDuration(file);
          if (seconds) form.setValue("duration", Math.round(seconds * 100) / 100, { shouldValidate: true });
        }}
      />
      <NumberField
        control={form.control}
        name="duration"
        label="Duration (seconds)"
        step={0.01}
        min={0}
        hint={durationHint(Number(duration))}
      />
      <MediaSourceField kind="cover-art" label="Cover Art" source={cover.source} onChange={cover.update} error={errors.coverArtUrl?.message} disabled={pending} />
      <div className="flex flex-wrap gap-6">
        <CheckboxField control={form.control} name="isFeatured" label="Featured" hint="Featured tracks play in the site's header player." />
        <SwitchField control={form.control} name="isActive" label="Active" />
        <SwitchField control={form.control} name="unreleased" label="Unreleased" hint="Not out yet: never in the player or on the site, only streamed on the private press links you make for it (an uploaded file; an outside link cannot be kept private)." />
      </div>
      <UnsavedChangesPrompt when={edited && !save.isSuccess} />
      <p id={directSubmitHint} className="text-xs text-dust sm:text-right">
        Direct Submit saves the values as they are, without the form's own checks: the server alone decides what it accepts.
      </p>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link href="/audio">Cancel</Link>
        </Button>
        <Button variant="secondary" disabled={pending} aria-describedby={directSubmitHint} onClick={() => submit(form.getValues(), false)}>
          Direct Submit
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {uploads.uploading ? "Uploading..." : save.isPending ? "Saving..." : track ? "Update Track" : "Create Track"}
        </Button>
      </div>
    </form>
  );
}
