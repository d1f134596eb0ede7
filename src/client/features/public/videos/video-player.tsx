import { Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { Video } from "@shared/schemas/videos";
import { VIDEO_PLAYER_SIZES } from "@shared/responsive-images";
import { VIDEO_THUMBNAIL_PLACEHOLDER } from "@shared/settings-defaults";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { mediaUrl } from "@client/lib/media-url";
import { extractYouTubeId, youTubeThumbnailUrl } from "@shared/youtube";

/** The stored thumbnail, else YouTube's own for the video. */
export function videoThumb(v: Video): string {
  const id = extractYouTubeId(v.embedUrl);
  return mediaUrl(v.thumbnailUrl) || (id ? youTubeThumbnailUrl(id) : "");
}

/** The embed URL with autoplay on, for the facade's click-to-play. */
/**
 * The player's address: a YouTube video plays from youtube-nocookie.com (no YouTube cookies until
 * the visitor plays it, issue 21); any other embed as stored. Autoplay: the visitor just asked.
 */
function autoplayUrl(url: string): string {
  const id = extractYouTubeId(url);
  if (id) return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
  return url + (url.includes("?") ? "&" : "?") + "autoplay=1";
}

/**
 * Click-to-play facade: a thumbnail and a play button until the visitor asks for the video,
 * so no third-party player loads with the page. `priority`: the thumbnail is the page's largest
 * paint (top of /videos), so it loads at once instead of lazily after layout.
 */
export function VideoPlayer({ video, priority = false }: { video: Video; priority?: boolean }) {
  const [playingId, setPlayingId] = useState<number | null>(null);
  const playing = playingId === video.id;
  const frameRef = useRef<HTMLIFrameElement>(null);
  // the play button disappears under the visitor's focus: hand it to the player that replaced it
  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);
  return (
    <div className="relative aspect-video w-full overflow-hidden bg-black shadow-[12px_12px_0_0_var(--color-blood)]">
      {playing ? (
        <iframe ref={frameRef} title={video.title} src={autoplayUrl(video.embedUrl)} className="absolute inset-0 h-full w-full border-0" allow="autoplay; encrypted-media; fullscreen; picture-in-picture" allowFullScreen />
      ) : (
        <button type="button" onClick={() => setPlayingId(video.id)} aria-label={`Play video: ${video.title}`} className="group absolute inset-0 block">
          <ImageWithFallback src={videoThumb(video)} variants={video.thumbnail} sizes={VIDEO_PLAYER_SIZES} fallbackSrc={VIDEO_THUMBNAIL_PLACEHOLDER} width={640} height={360} loading={priority ? "eager" : "lazy"} fetchPriority={priority ? "high" : "auto"} className="h-full w-full object-cover opacity-80 transition group-hover:opacity-100" />
          <span className="absolute inset-0 bg-gradient-to-t from-black/80 via-transparent" aria-hidden="true" />
          <span className="absolute top-1/2 left-1/2 grid h-20 w-20 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-blood text-bone shadow-xl transition group-hover:scale-110">
            <Play aria-hidden="true" className="ml-1 h-9 w-9 fill-current" />
          </span>
        </button>
      )}
    </div>
  );
}
