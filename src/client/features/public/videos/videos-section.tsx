import { useMemo, useRef, useState } from "react";
import type { Video } from "@shared/schemas/videos";
import { VIDEO_THUMBNAIL_PLACEHOLDER } from "@shared/settings-defaults";
import { cn } from "@client/lib/cn";
import { smoothUnlessReduced } from "../layout/nav-links";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { SectionHeading } from "../ui/section-heading";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { useActiveVideos } from "./api";
import { VideoPlayer, videoThumb } from "./video-player";

export const NO_VIDEOS = "No videos available. Check back soon for new content.";
const CATEGORY_LABELS: Record<string, string> = { official: "Official", live: "Live", fan: "Fan", documentary: "Documentary", interview: "Interview", other: "Other" };

/** a card's width: half the row on a phone, a quarter of the 69rem row from lg up */
const VIDEO_CARD_SIZES = "(min-width: 1024px) 16.5rem, 50vw";

const byOrder = (a: Video, b: Video) => a.sortOrder - b.sortOrder || a.id - b.id;

/** Player plus cards; starts on the lowest sortOrder; a card click selects and scrolls to the player. */
export function VideosSection({ as: Heading = "home" }: { as?: "home" | "page" }) {
  const { data, isLoading, error } = useActiveVideos();
  const videos = useMemo(() => (Array.isArray(data) ? [...data].sort(byOrder) : []), [data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [category, setCategory] = useState<string>("all");
  const playerRef = useRef<HTMLDivElement>(null);
  const selected = videos.find((v) => v.id === selectedId) ?? videos[0];
  const categories = useMemo(() => [...new Set(videos.map((v) => v.category))], [videos]);
  const shown = category === "all" ? videos : videos.filter((v) => v.category === category);

  const select = (v: Video) => {
    setSelectedId(v.id);
    playerRef.current?.scrollIntoView({ behavior: smoothUnlessReduced(), block: "center" });
  };

  return (
    <section id="videos" aria-labelledby="videos-title" className={cn("relative", Heading === "home" ? "bg-coal/60 py-20 sm:py-28" : "py-10 sm:py-14")}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {Heading === "home" ? <SectionHeading id="videos" index="02" title="Videos" kicker="Press play" /> : <h2 id="videos-title" className="sr-only">Videos</h2>}
        {isLoading ? (
          Heading === "page" ? <LoadingBlocks count={1} fillScreen itemClassName="aspect-video lg:w-[61.5%]" /> : <LoadingBlocks count={2} />
        ) : error ? (
          <StateMessage tone="error">Error loading videos: {error.message}</StateMessage>
        ) : !selected ? (
          <StateMessage>{NO_VIDEOS}</StateMessage>
        ) : (
          <>
            <div ref={playerRef} className="grid gap-6 lg:grid-cols-[1.6fr_1fr] lg:items-end">
              <VideoPlayer video={selected} priority={Heading === "page"} />
              <div>
                <p className="text-xs font-bold tracking-[0.2em] text-(--color-signal) uppercase">{CATEGORY_LABELS[selected.category] ?? selected.category}</p>
                <h3 className="mt-1 font-display text-3xl leading-none uppercase sm:text-4xl">{selected.title}</h3>
                <p className="mt-3 text-dust">{selected.description}</p>
              </div>
            </div>

            {categories.length > 1 && (
              <div role="group" aria-label="Filter videos by category" className="mt-12 -mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:px-0">
                {["all", ...categories].map((c) => (
                  <button key={c} type="button" aria-pressed={category === c} onClick={() => setCategory(c)}
                    className={cn("shrink-0 border px-4 py-1.5 text-sm font-bold tracking-wider uppercase transition", category === c ? "border-blood-dark bg-blood-dark text-bone" : "border-smoke text-dust hover:text-bone")}>
                    {c === "all" ? "All" : (CATEGORY_LABELS[c] ?? c)}
                  </button>
                ))}
              </div>
            )}

            <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
              {shown.map((v) => (
                <li key={v.id}>
                  <button type="button" onClick={() => select(v)} aria-current={v.id === selected.id || undefined} className="group block w-full text-left">
                    <span className={cn("relative block aspect-video overflow-hidden bg-black ring-2 transition", v.id === selected.id ? "ring-blood" : "ring-transparent group-hover:ring-smoke")}>
                      <ImageWithFallback src={videoThumb(v)} variants={v.thumbnail} sizes={VIDEO_CARD_SIZES} fallbackSrc={VIDEO_THUMBNAIL_PLACEHOLDER} width={320} height={180} className="h-full w-full object-cover transition group-hover:scale-105" />
                    </span>
                    <span className="mt-2 block text-sm leading-tight font-semibold uppercase">{v.title}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
