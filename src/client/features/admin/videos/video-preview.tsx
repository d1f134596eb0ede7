import { useWatch, type Control } from "react-hook-form";
import type { VideoInput } from "@shared/schemas/videos";
import { isWebUrl } from "@shared/schemas/content-fields";
import { toYouTubeEmbedUrl } from "@shared/youtube";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { VIDEO_PLACEHOLDER } from "./video-display";

/** Live preview of what the form holds: the thumbnail and the embedded player. */
export function VideoPreview({ control }: { control: Control<VideoInput, unknown, unknown> }) {
  const [title, embedUrl, thumbnailUrl] = useWatch({ control, name: ["title", "embedUrl", "thumbnailUrl"] });
  // a YouTube link may show here for one render before the form converts it
  const embed = toYouTubeEmbedUrl(embedUrl) ?? embedUrl?.trim() ?? "";
  return (
    <aside aria-label="Preview" className="space-y-4">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-dust">Preview</h2>
      <figure className="space-y-1.5">
        <ImageWithFallback src={thumbnailUrl?.trim() || VIDEO_PLACEHOLDER} fallbackSrc={VIDEO_PLACEHOLDER} alt="Thumbnail preview" className="aspect-video w-full rounded-md border border-smoke object-cover" />
        <figcaption className="text-xs text-dust">Thumbnail</figcaption>
      </figure>
      <figure className="space-y-1.5">
        {isWebUrl(embed) ? (
          <iframe
            key={embed}
            src={embed}
            title={title ? `Preview: ${title}` : "Video preview"}
            className="aspect-video w-full rounded-md border border-smoke bg-black"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="flex aspect-video w-full items-center justify-center rounded-md border border-dashed border-smoke bg-ash/50 px-4 text-center text-xs text-dust">
            Paste a video URL to see the player.
          </div>
        )}
        <figcaption className="text-xs text-dust">Video</figcaption>
      </figure>
    </aside>
  );
}
