import { Pause, Play, RotateCcw, RotateCw } from "lucide-react";
import { formatDuration } from "@shared/format";
import { FEATURED_COVER_SIZES } from "@shared/responsive-images";
import { DEFAULT_COVER_ART } from "@shared/settings-defaults";
import { cn } from "@client/lib/cn";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { mediaUrl } from "@client/lib/media-url";
import { usePlayer } from "./player-context";
import { SKIP_SECONDS } from "./player-state";
import { SeekBar, VolumeControl } from "./player-controls";


/**
 * The header's vinyl-style player: the cover art is the record's label, and it spins while playing.
 * On a phone the record sits small beside the title, so the play button is in view on arrival
 * under the band's name (issue 13: at 390x844 it was below the fold); from sm up it is large.
 */
export function FeaturedPlayer() {
  const p = usePlayer();
  // as tall as the player it stands in for: compact on a phone, the round record from sm up
  if (p.isLoading && !p.track) return <div className="h-[14.5rem] w-full max-w-[22rem] animate-pulse bg-coal sm:aspect-square sm:h-auto sm:rounded-full" aria-hidden="true" />;
  if (!p.track) return null;
  const cover = mediaUrl(p.track.coverArtUrl);
  return (
    <section aria-label="Featured track player" className="w-full max-w-[26rem]">
      <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] items-center gap-5 sm:block">
        <div className="relative mx-auto aspect-square w-full sm:w-[min(82vw,22rem)]">
          {/* sleeve peeking out behind the record; on a phone the record sits at the page margin, so the sleeve stays inside it instead of running off the screen */}
          <ImageWithFallback src={cover} variants={p.track.coverArt} sizes={FEATURED_COVER_SIZES} fallbackSrc={DEFAULT_COVER_ART} width={320} height={320} loading="eager" fetchPriority="high"
            className="absolute top-[6%] left-[2%] h-[88%] sm:-left-[8%] w-[88%] -rotate-6 object-cover shadow-2xl shadow-black brightness-[.55]" />
          <div className={cn("vinyl spin absolute inset-0 rounded-full", !p.playing && "spin-paused")}>
            <ImageWithFallback src={cover} variants={p.track.coverArt} sizes={FEATURED_COVER_SIZES} fallbackSrc={DEFAULT_COVER_ART} alt={`Cover art for ${p.track.title}`} width={160} height={160} loading="eager"
              className="absolute inset-[31%] h-[38%] w-[38%] rounded-full object-cover ring-4 ring-black/70" />
            <span className="absolute inset-[48.5%] rounded-full bg-ink" aria-hidden="true" />
            <span className="vinyl-sheen absolute inset-0 rounded-full" aria-hidden="true" />
          </div>
          {/* tonearm */}
          <span aria-hidden="true" className={cn("absolute -top-2 right-[2%] h-[58%] w-2 origin-top rounded-full bg-gradient-to-b from-dust to-smoke shadow-lg transition-transform duration-700", p.playing ? "rotate-[24deg]" : "rotate-[8deg]")} />
        </div>

        <div className="sm:mt-6">
          <p className="text-xs font-bold tracking-[0.25em] text-(--color-signal) uppercase">Now spinning</p>
          <h2 className="font-display text-3xl leading-none break-words uppercase sm:text-5xl">{p.track.title}</h2>
          <p className="mt-1 text-sm text-dust">{p.track.artist}</p>
        </div>
      </div>

      <SeekBar className="mt-4" />

      <div className="mt-3 flex items-center gap-3">
        <button type="button" onClick={() => p.skip(-SKIP_SECONDS)} aria-label={`Back ${SKIP_SECONDS} seconds`} title={`Back ${SKIP_SECONDS} seconds`}
          className="grid h-12 w-12 shrink-0 place-items-center rounded-full border border-smoke text-bone transition hover:border-bone">
          <RotateCcw aria-hidden="true" className="h-5 w-5" />
        </button>
        <button type="button" onClick={p.toggle} aria-label={p.playing ? "Pause" : "Play"}
          className="grid h-16 w-16 shrink-0 place-items-center rounded-full bg-blood text-bone shadow-[0_0_0_6px_rgb(215_38_61/0.2)] transition hover:bg-blood-dark active:scale-95">
          {p.playing ? <Pause aria-hidden="true" className="h-7 w-7 fill-current" /> : <Play aria-hidden="true" className="ml-1 h-7 w-7 fill-current" />}
        </button>
        <button type="button" onClick={() => p.skip(SKIP_SECONDS)} aria-label={`Skip forward ${SKIP_SECONDS} seconds`} title={`Skip forward ${SKIP_SECONDS} seconds`}
          className="grid h-12 w-12 shrink-0 place-items-center rounded-full border border-smoke text-bone transition hover:border-bone">
          <RotateCw aria-hidden="true" className="h-5 w-5" />
        </button>
        <VolumeControl className="ml-auto" />
      </div>

      {p.failed && (
        <p role="alert" className="mt-3 text-sm text-(--color-signal)">
          This track could not be loaded. Try another one, or try again later.
        </p>
      )}

      {p.tracks.length > 1 && (
        <ol aria-label="Featured tracks" className="mt-5 divide-y divide-smoke border-y border-smoke">
          {p.tracks.map((t, i) => (
            <li key={t.id}>
              <button type="button" onClick={() => p.select(i)} aria-current={i === p.index || undefined}
                className={cn("flex w-full items-center gap-3 py-2.5 text-left text-sm transition hover:text-bone", i === p.index ? "text-bone" : "text-dust")}>
                {/* named "Porch Light, 0:54": the list number is decoration, the comma is for screen readers */}
                <span aria-hidden="true" className="font-display w-6 text-lg text-(--color-signal)">{String(i + 1).padStart(2, "0")}</span>
                <span className="flex-1 font-semibold tracking-wide uppercase">
                  {t.title}
                  <span className="sr-only">,</span>
                </span>
                <span className="tabular-nums">{formatDuration(t.duration)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
