import { Suspense, useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "wouter";
import { MiniPlayer } from "../player/mini-player";
import { PlayerProvider } from "../player/player-context";
import { SiteFooter } from "./site-footer";
import { SiteNav } from "./site-nav";

/**
 * Frame of every public page: navigation, the page, the footer, and the site-wide audio.
 * The footer sits inside the page's Suspense boundary: while a lazy page loads, its `loading`
 * fallback fills the screen below the navigation and no footer is drawn, so the page arrives
 * without pushing a footer down (that jump was the whole CLS of /videos, /merch and /lyrics).
 */
export function PublicLayout({ children, loading }: { children: ReactNode; loading: ReactNode }) {
  const [location] = useLocation();
  useScrollTopOnNavigate(location);
  return (
    <PlayerProvider>
      <div className="public-site flex min-h-dvh flex-col">
        <a
          href="#content"
          className="sr-only z-[70] bg-blood-dark px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <SiteNav />
        <Suspense fallback={<div id="content" className="flex flex-1 flex-col">{loading}</div>}>
          <div id="content" className="flex-1">
            {children}
          </div>
          <SiteFooter />
        </Suspense>
        {location !== "/" && <MiniPlayer />}
      </div>
    </PlayerProvider>
  );
}

/** A new page starts at the top (the router keeps the old scroll position); /#section links scroll themselves. */
function useScrollTopOnNavigate(location: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // instant: the page-wide smooth scrolling is for in-page links, not for a new page
    if (!window.location.hash) window.scrollTo({ top: 0, behavior: "instant" });
  }, [location]);
}
