import { startTransition, useEffect, useState } from "react";
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
  // Arriving through a /#section link: scroll there once the sections exist.
  useEffect(() => {
    if (!ready) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: "start" }));
    return () => cancelAnimationFrame(frame);
  }, [ready]);
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
