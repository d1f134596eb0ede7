import { ExternalLink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { platformPageUrl } from "@shared/embed-urls";

export type Platform = "SoundCloud" | "Spotify";

/** How long a player may take before fans are offered the platform's own page (issue 13). */
export const EMBED_LOAD_TIMEOUT_MS = 10_000;

export const embedFallbackText = (platform: Platform) => `The ${platform} player is taking too long to load.`;

/**
 * A platform's player in an iframe. If it has not loaded 10 s after it came into view (blocked by
 * a content blocker, a slow network, the platform down), a link to open the track on the
 * platform appears below it; the frame stays, in case it arrives after all.
 */
export function EmbedFrame({ platform, url, height }: { platform: Platform; url: string; height: number }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [late, setLate] = useState(false);

  useEffect(() => {
    setLoaded(false);
    setLate(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => (timer ??= setTimeout(() => setLate(true), EMBED_LOAD_TIMEOUT_MS));
    // a lazy frame only starts loading in view: count from then, not from the page's load
    const box = boxRef.current;
    if (typeof IntersectionObserver === "undefined" || !box) {
      start();
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        start();
        observer.disconnect();
      }
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [url]);

  const page = platformPageUrl(url) ?? url;
  return (
    <>
      <div ref={boxRef} className="relative" style={{ height }}>
        {/* shows until the third-party player paints over it */}
        <span className="absolute inset-0 grid place-items-center bg-ash text-sm text-dust">Loading the {platform} player…</span>
        <iframe
          title={`${platform} player`}
          src={url}
          loading="lazy"
          height={height}
          onLoad={() => setLoaded(true)}
          className="relative block w-full border-0"
          allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
        />
      </div>
      {late && !loaded && (
        <p role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 pt-3 text-sm text-dust">
          {embedFallbackText(platform)}
          <a href={page} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-semibold text-bone underline underline-offset-4 hover:text-(--color-signal)">
            Open on {platform} <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
          </a>
        </p>
      )}
    </>
  );
}
