import { useController, type UseFormReturn } from "react-hook-form";
import type { VideoData, VideoInput } from "@shared/schemas/videos";
import { extractYouTubeId, youTubeThumbnailUrl } from "@shared/youtube";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";

/**
 * The video URL input. A YouTube link (watch, share, shorts, embed) is stored as its embed URL
 * as it is typed or pasted, and fills the thumbnail when that is still empty (spec section 4) or
 * still holds the picture it filled in for the previous link.
 */
export function VideoUrlField({ form }: { form: UseFormReturn<VideoInput, unknown, VideoData> }) {
  const { field, fieldState } = useController({ control: form.control, name: "embedUrl" });
  return (
    <Field label="Video URL" hint="Paste a YouTube link; it becomes an embed URL." error={fieldState.error?.message}>
      <Input
        ref={field.ref}
        name={field.name}
        type="url"
        value={field.value ?? ""}
        placeholder="https://www.youtube.com/watch?v=..."
        onBlur={field.onBlur}
        onChange={(e) => {
          const previousId = extractYouTubeId(field.value);
          const id = extractYouTubeId(e.target.value);
          field.onChange(id ? `https://www.youtube.com/embed/${id}` : e.target.value);
          // A thumbnail filled in from the previous link follows a corrected link (else the wrong
          // video's picture would stay); one the admin chose is kept.
          const thumbnail = form.getValues("thumbnailUrl")?.trim() ?? "";
          const filledByUs = !thumbnail || (previousId !== null && thumbnail === youTubeThumbnailUrl(previousId));
          if (filledByUs && id !== previousId) {
            form.setValue("thumbnailUrl", id ? youTubeThumbnailUrl(id) : "", { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
          }
        }}
      />
    </Field>
  );
}
