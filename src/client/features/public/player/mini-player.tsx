import { Pause, Play } from "lucide-react";
import { DEFAULT_COVER_ART } from "@shared/settings-defaults";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { mediaUrl } from "@client/lib/media-url";
import { usePlayer } from "./player-context";
import { SeekBar } from "./player-controls";

/** Keeps the featured track within reach on pages without the big header player, once it was started. */
export function MiniPlayer() {
  const p = usePlayer();
  if (!p.track || !p.started) return null;
  return (
    <>
      {/* room at the end of the page so the bar never covers the footer */}
      <div aria-hidden="true" className="h-[4.5rem]" />
      <div
        role="region"
        aria-label="Now playing"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-smoke bg-ink/95 px-4 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] backdrop-blur"
      >
        <div className="mx-auto flex max-w-6xl items-center gap-3">
          <ImageWithFallback
            src={mediaUrl(p.track.coverArtUrl)}
            variants={p.track.coverArt}
            sizes="40px"
            fallbackSrc={DEFAULT_COVER_ART}
            width={40}
            height={40}
            className="h-10 w-10 rounded-full object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold uppercase">
              {p.track.title}
            </p>
            <SeekBar compact />
          </div>
          <button
            type="button"
            onClick={p.toggle}
            aria-label={p.playing ? "Pause" : "Play"}
            className="grid h-11 w-11 place-items-center rounded-full bg-blood text-bone"
          >
            {p.playing ? (
              <Pause aria-hidden="true" className="h-5 w-5 fill-current" />
            ) : (
              <Play
                aria-hidden="true"
                className="ml-0.5 h-5 w-5 fill-current"
              />
            )}
          </button>
        </div>
      </div>
    </>
  );
}
