import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { Lyrics } from "@shared/schemas/lyrics";
import { lyricsInput, type LyricsData, type LyricsInput } from "@shared/schemas/lyrics";
import { FormActions } from "@client/components/ui/form-actions";
import { NumberField, SwitchField, TextAreaField, TextField } from "@client/components/ui/form-fields";
import { applyServerErrors } from "@client/lib/resource";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { useSaveLyrics } from "./api";
import { useNavigateAfterSave } from "@client/lib/use-unsaved-changes";

const EMPTY: LyricsInput = { title: "", songName: "", albumName: "", releaseYear: "", lyricsText: "", isPublished: true, sortOrder: 0 };
const toFormValues = (l: Lyrics): LyricsInput => ({ ...l, albumName: l.albumName ?? "", releaseYear: l.releaseYear ?? "" });

export function LyricsForm({ lyrics }: { lyrics?: Lyrics }) {
  const navigate = useNavigateAfterSave();
  const form = useForm<LyricsInput, unknown, LyricsData>({ resolver: zodResolver(lyricsInput), defaultValues: lyrics ? toFormValues(lyrics) : EMPTY });
  const save = useSaveLyrics(lyrics, {
    onSuccess: () => navigate("/lyrics"),
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const c = form.control;
  // most songs are titled by their name: either field left empty takes the other (issue 21)
  const fillEachOther = () => {
    const { title, songName } = form.getValues();
    if (!title?.trim() && songName?.trim()) form.setValue("title", songName);
    else if (!songName?.trim() && title?.trim()) form.setValue("songName", title);
  };
  const submit = form.handleSubmit((values) => save.mutate(values));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        fillEachOther();
        return submit(e);
      }}
      className="space-y-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={c} name="title" label="Title" placeholder="Title shown on the website" hint="Left empty, it is the song name." />
        <TextField control={c} name="songName" label="Song Name" placeholder="Song name" hint="Left empty, it is the title." />
        <TextField control={c} name="albumName" label="Album (optional)" placeholder="Album or EP" />
        <TextField control={c} name="releaseYear" label="Release Year (optional)" placeholder="e.g. 2025" />
      </div>
      <TextAreaField control={c} name="lyricsText" label="Lyrics" placeholder="One line per line of the song; blank lines between verses." rows={14} />
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <NumberField control={c} name="sortOrder" label="Sort Order" step={1} hint="Lower numbers show first." />
        <SwitchField control={c} name="isPublished" label="Published (visible on the website)" className="space-y-1.5 sm:pt-8" />
      </div>
      <UnsavedChangesPrompt when={form.formState.isDirty && !save.isSuccess} />
      <FormActions cancelHref="/lyrics" submitLabel={lyrics ? "Update Lyrics" : "Create Lyrics"} pending={save.isPending} />
    </form>
  );
}
