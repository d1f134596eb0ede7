import { useBandName } from "@client/lib/band-name";
import { usePageDay } from "@client/lib/page-day";
import { useSetting } from "@client/lib/settings";
import { asSentence, afterTagline } from "@shared/site-copy";
import { SectionLink } from "../layout/section-link";
import { FeaturedPlayer } from "../player/featured-player";
import { useFeaturedTracks } from "../player/api";
import { useHomeShows } from "../shows/api";
import { dateParts, upcomingShows } from "../shows/show-utils";

/** The header of the home page: the band's name set huge, the next show, and the vinyl player. */
export function Hero() {
  const band = useBandName();
  const words = band.trim().split(/\s+/);
  const { data } = useHomeShows();
  const today = usePageDay();
  const next = Array.isArray(data) ? upcomingShows(data, today)[0] : undefined;
  const track = useFeaturedTracks().data?.[0];
  // the band's words (Settings > Words on the site); a text saved empty leaves its line out
  const kicker = useSetting("hero-kicker").value.trim();
  const tagline = useSetting("tagline").value;
  const heroText = useSetting("hero-text").value;
  const intro = track ? asSentence(tagline) : afterTagline(tagline, heroText);
  return (
    <header className="halftone relative overflow-hidden border-b border-smoke">
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 -right-40 h-[36rem] w-[36rem] rounded-full bg-blood/25 blur-3xl" />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 pt-6 pb-12 sm:gap-10 sm:pt-8 sm:pb-14 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:items-center lg:gap-12 lg:pt-16 lg:pb-24">
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
    </header>
  );
}
