import { Pause, Play } from "lucide-react";
import { formatDuration } from "@shared/format";
import { cn } from "@client/lib/cn";
import { usePlayer } from "../player/player-context";

/**
 * The band's featured tracks as a list that plays in the site's own player: what fans get in the
 * Music section when no SoundCloud or Spotify player is set (issue 13), never someone else's music.
 */
export function FeaturedTrackList() {
  const p = usePlayer();
  if (!p.tracks.length) return null;
  const playTrack = (i: number) => {
    if (i === p.index) return p.toggle();
    p.select(i);
    // the new track's src is on the <audio> after the next render
    requestAnimationFrame(() => p.play());
  };
  return (
    <ol aria-label="The band's tracks" className="divide-y divide-smoke border border-smoke bg-coal">
      {p.tracks.map((t, i) => {
        const current = i === p.index && p.playing;
        return (
          <li key={t.id}>
            {/* the name comes from the visible title (WCAG 2.5.3: the spoken name contains what is seen) */}
            <button type="button" onClick={() => playTrack(i)}
              className={cn("flex min-h-14 w-full items-center gap-4 px-4 py-3 text-left transition hover:bg-ash", current && "text-bone")}>
              <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-blood text-bone">
                {current ? <Pause className="h-4 w-4 fill-current" /> : <Play className="ml-0.5 h-4 w-4 fill-current" />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-display text-2xl leading-tight uppercase">
                  <span className="sr-only">{current ? "Pause" : "Play"}</span> {t.title}
                </span>
                <span aria-hidden="true" className="block truncate text-sm text-dust">{t.artist}</span>
              </span>
              <span aria-hidden="true" className="text-sm text-dust tabular-nums">{formatDuration(t.duration)}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
