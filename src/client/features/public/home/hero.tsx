import type { BandPhoto } from "@shared/api/band-photo";
import { BAND_PHOTO_SIZES } from "@shared/responsive-images";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { useBandName } from "@client/lib/band-name";
import { cn } from "@client/lib/cn";
import { mediaUrl } from "@client/lib/media-url";
import { usePageDay } from "@client/lib/page-day";
import { useSetting } from "@client/lib/settings";
import { HOME_HERO_END_ID } from "@shared/pages";
import { asSentence, afterTagline } from "@shared/site-copy";
import { SectionLink } from "../layout/section-link";
import { FeaturedPlayer } from "../player/featured-player";
import { useFeaturedTracks } from "../player/api";
import { useHomeShows } from "../shows/api";
import { dateParts, upcomingShows } from "../shows/show-utils";
import { useBandPhoto } from "./api";

/**
 * The header of the home page: the band photo when there is one (issue 21), the band's name set
 * huge, the next show, and the vinyl player. Without a photo it is drawn exactly as before.
 */
export function Hero() {
  const band = useBandName();
  const words = band.trim().split(/\s+/);
  const { data } = useHomeShows();
  const today = usePageDay();
  const next = Array.isArray(data) ? upcomingShows(data, today)[0] : undefined;
  const track = useFeaturedTracks().data?.[0];
  const photo = useBandPhoto().data ?? null;
  // the band's words (Settings > Words on the site); a text saved empty leaves its line out
  const kicker = useSetting("hero-kicker").value.trim();
  const tagline = useSetting("tagline").value;
  const heroText = useSetting("hero-text").value;
  const intro = track ? asSentence(tagline) : afterTagline(tagline, heroText);
  return (
    <header className="halftone relative overflow-hidden border-b border-smoke">
      {photo && <HeroPhoto photo={photo} alt={photo.altText.trim() || band} />}
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 -right-40 h-[36rem] w-[36rem] rounded-full bg-blood/25 blur-3xl" />
      <div
        className={cn(
          "relative mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 pb-12 sm:gap-10 sm:pb-14 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:items-center lg:gap-12 lg:pt-16 lg:pb-24",
          // with a photo, on phones and tablets the name overlaps the photo's faded lower edge
          photo ? "-mt-20 sm:-mt-28 lg:mt-0" : "pt-6 sm:pt-8",
        )}>
        <div className="min-w-0">
          {kicker && (
            <p className="mb-3 flex items-center gap-3 text-xs sm:mb-4 font-bold tracking-[0.25em] text-dust uppercase">
              <span className="h-px w-8 shrink-0 bg-blood" aria-hidden="true" /> {kicker}
            </p>
          )}
          <h1 className="font-display text-[clamp(3.6rem,19vw,8.5rem)] leading-[0.82] tracking-tight uppercase">
            {words.map((w, i) => (
              <span key={i} className={i === words.length - 1 && words.length > 1 ? "block text-blood" : "block"}>
                {w}
              </span>
            ))}
          </h1>
          {(track || intro) && (
            <p className="mt-5 max-w-md text-base text-bone/80 sm:mt-6 sm:text-lg">
              {track ? (
                <>
                  {intro && `${intro} `}Put on <strong className="text-bone">“{track.title}”</strong>, then come hear it live.
                </>
              ) : (
                intro
              )}
            </p>
          )}
          {next && (
            <SectionLink id="shows" className="group mt-5 inline-flex sm:mt-6 max-w-full items-center gap-3 border border-smoke bg-ink/70 py-2 pr-4 pl-2 transition hover:border-blood">
              <span className="bg-blood-dark px-2 py-1 text-xs font-bold tracking-widest whitespace-nowrap uppercase">Next show</span>
              <span className="truncate text-sm font-semibold">
                {dateParts(next.date).month} {dateParts(next.date).day} · {next.venue}, {next.location}
              </span>
            </SectionLink>
          )}
        </div>
        <div className="flex min-w-0 justify-center lg:justify-end">
          <FeaturedPlayer />
        </div>
      </div>
      {/* the page's first paint waits for this marker: the whole hero parsed (firstPaintAfter, @shared/pages) */}
      <span id={HOME_HERO_END_ID} hidden />
    </header>
  );
}

/**
 * The band photo: a strip across the top on phones and tablets (the name overlaps its faded lower
 * edge), the whole header's backdrop from lg, darkened where the text sits. Its box is sized by CSS
 * (aspect ratio, or the header itself), never by the file, so nothing moves when it arrives; it is
 * the header's largest paint, and the page's head preloads the same AVIF file (BAND_PHOTO_SIZES).
 */
function HeroPhoto({ photo, alt }: { photo: BandPhoto; alt: string }) {
  return (
    <div className="relative aspect-[3/2] max-h-[65svh] w-full overflow-hidden sm:aspect-[2/1] lg:absolute lg:inset-0 lg:aspect-auto lg:max-h-none">
      <ImageWithFallback
        src={mediaUrl(photo.imageUrl)}
        variants={photo.image}
        sizes={BAND_PHOTO_SIZES}
        width={photo.image?.width}
        height={photo.image?.height}
        alt={alt}
        loading="eager"
        fetchPriority="high"
        className="h-full w-full object-cover object-[50%_35%]"
        fallback={null}
      />
      {/* phones: fades into the page under the name; lg: dark behind the text column, the photo clear behind the player */}
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-b from-ink/0 via-ink/30 to-ink lg:bg-[linear-gradient(90deg,var(--color-ink)_0%,rgb(11_11_12/0.88)_30%,rgb(11_11_12/0.55)_52%,rgb(11_11_12/0.2)_80%,rgb(11_11_12/0.35)_100%)]"
      />
      <div aria-hidden="true" className="absolute inset-x-0 bottom-0 hidden h-40 bg-gradient-to-t from-ink to-transparent lg:block" />
      {/* the site's print screen over the photo (its own layer: .halftone is a background image too) */}
      <div aria-hidden="true" className="halftone absolute inset-0" />
    </div>
  );
}
