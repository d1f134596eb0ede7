import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { cn } from "@client/lib/cn";
import { useHydrated } from "@client/lib/use-hydrated";
import { focusSection } from "../layout/nav-links";
import { AboutSection } from "../about/about-section";
import { ContactSection } from "../contact/contact-section";
import { LyricsSection } from "../lyrics/lyrics-section";
import { MusicSection } from "../music/music-section";
import { ShowsSection } from "../shows/shows-section";
import { SocialSection } from "../social/social-section";
import { usePageTitle } from "../ui/use-page-title";
import { VideosSection } from "../videos/videos-section";
import { Hero } from "./hero";

/** '/': the header with the player, then the sections in the spec's order. */
export default function HomePage() {
  usePageTitle(null);
  return (
    <main>
      <Hero />
      <BelowTheFold />
    </main>
  );
}

/**
 * The sections, drawn on the server with the header (decision 029), so the page is whole without
 * JavaScript and a /#section link lands natively. Until the app runs each is
 * `content-visibility: auto` (the `.home-sections` rule in public.css): the browser skips the
 * style, layout and paint of those off screen, so the first paint still costs about the header
 * only. Once the app runs (after the largest paint, boot.ts) they are laid out for real, so a
 * smooth scroll to a section lands where it should (with placeholder heights it stopped short).
 */
function BelowTheFold() {
  const laidOut = useHydrated();
  useScrollToHashWhenSettled(laidOut);
  return (
    <div className={cn("home-sections", laidOut && "is-laid-out")}>
      <MusicSection />
      <VideosSection />
      <ShowsSection />
      <AboutSection />
      <LyricsSection />
      <SocialSection />
      <ContactSection />
    </div>
  );
}

/**
 * Arriving through a /#section link: the browser has scrolled there already on a page load (the
 * sections are in the HTML); coming from another page inside the app, scroll there once the
 * sections are drawn, and again once their data is in: the lists above the target are not
 * cached yet (only that page's own data was inlined), so the first jump lands short as they grow.
 */
function useScrollToHashWhenSettled(laidOut: boolean) {
  const queryClient = useQueryClient();
  const fetching = useIsFetching();
  const done = useRef(false);
  useEffect(() => {
    if (!laidOut || done.current) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    const el = id ? document.getElementById(id) : null;
    // the sections' queries start in their own effects, which ran before this one
    const settled = queryClient.isFetching() === 0;
    if (settled) done.current = true;
    if (!el) return;
    el.scrollIntoView({ block: "start", behavior: "instant" });
    if (settled) focusSection(el);
  }, [laidOut, fetching, queryClient]);
}
