import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { VIDEO_CATEGORIES } from "@shared/categories";
import type { Video } from "@shared/schemas/videos";
import { videoInput, type VideoData, type VideoInput } from "@shared/schemas/videos";
import { FormActions } from "@client/components/ui/form-actions";
import { NumberField, SelectField, SwitchField, TextAreaField, TextField } from "@client/components/ui/form-fields";
import { applyServerErrors } from "@client/lib/resource";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { useSaveVideo } from "./api";
import { VideoPreview } from "./video-preview";
import { VideoUrlField } from "./video-url-field";
import { VIDEO_CATEGORY_LABELS } from "./video-display";
import { useNavigateAfterSave } from "@client/lib/use-unsaved-changes";

const CATEGORY_OPTIONS = VIDEO_CATEGORIES.map((c) => ({ value: c, label: VIDEO_CATEGORY_LABELS[c] }));
const EMPTY: VideoInput = { title: "", description: "", category: "official", embedUrl: "", thumbnailUrl: "", isActive: true, sortOrder: 0 };

/** The add/edit form with a live preview. A pasted YouTube link becomes its embed URL and fills an empty thumbnail. */
export function VideoForm({ video }: { video?: Video }) {
  const navigate = useNavigateAfterSave();
  const form = useForm<VideoInput, unknown, VideoData>({ resolver: zodResolver(videoInput), defaultValues: video ?? EMPTY });
  const save = useSaveVideo(video, {
    onSuccess: () => navigate("/videos"),
    onError: (err) => applyServerErrors(err, form.setError),
  });

  const c = form.control;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-5">
        <TextField control={c} name="title" label="Title" placeholder="Video title" />
        <TextAreaField control={c} name="description" label="Description" placeholder="What the video is about" rows={3} />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField control={c} name="category" label="Category" options={CATEGORY_OPTIONS} />
          <NumberField control={c} name="sortOrder" label="Sort Order" step={1} min={0} hint="Lower numbers show first." />
        </div>
        <VideoUrlField form={form} />
        <TextField control={c} name="thumbnailUrl" type="url" label="Thumbnail URL" placeholder="https://img.youtube.com/vi/.../hqdefault.jpg" hint="Filled from YouTube when left empty." />
        <SwitchField control={c} name="isActive" label="Active (shown on the website)" />
        <UnsavedChangesPrompt when={form.formState.isDirty && !save.isSuccess} />
        <FormActions cancelHref="/videos" submitLabel={video ? "Update Video" : "Create Video"} pending={save.isPending} />
      </form>
      <VideoPreview control={c} />
    </div>
  );
}
