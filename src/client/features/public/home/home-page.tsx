import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { startTransition, useEffect, useRef, useState } from "react";
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
 * The sections render in a transition right after the header is on screen: the first paint
 * only costs the header, and React renders the rest in small slices instead of one long task.
 * The placeholder keeps the footer out of view until they are in.
 */
function BelowTheFold() {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  useScrollToHashWhenSettled(ready);
  if (!ready) return <div className="min-h-dvh" aria-hidden="true" />;
  return (
    <>
      <MusicSection />
      <VideosSection />
      <ShowsSection />
      <AboutSection />
      <LyricsSection />
      <SocialSection />
      <ContactSection />
    </>
  );
}

/**
 * Arriving through a /#section link: scroll there once the sections exist, and again once
 * their data is in. Coming from another page the lists above the target are not cached yet
 * (only the page's own data is inlined), so the first jump lands short as they grow.
 */
function useScrollToHashWhenSettled(ready: boolean) {
  const queryClient = useQueryClient();
  const fetching = useIsFetching();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    const el = id ? document.getElementById(id) : null;
    // the sections' queries start in their own effects, which ran before this one
    const settled = queryClient.isFetching() === 0;
    if (settled) done.current = true;
    if (!el) return;
    el.scrollIntoView({ block: "start", behavior: "instant" });
    if (settled) focusSection(el);
  }, [ready, fetching, queryClient]);
}
