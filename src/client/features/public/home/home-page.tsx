import { useEffect } from "react";
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
  // Arriving from another page through a /#section link: scroll there once the sections exist.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: "start" }));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <main>
      <Hero />
      <MusicSection />
      <VideosSection />
      <ShowsSection />
      <AboutSection />
      <LyricsSection />
      <SocialSection />
      <ContactSection />
    </main>
  );
}
