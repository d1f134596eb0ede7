/** The home sections the navigation and footer link to (spec section 2), in page order. */
export const SECTION_LINKS = [
  { id: "home", label: "Home" },
  { id: "music", label: "Music" },
  { id: "videos", label: "Videos" },
  { id: "shows", label: "Shows" },
  { id: "about", label: "About" },
  { id: "social", label: "Social" },
  { id: "contact", label: "Contact" },
] as const;

/**
 * Pages that are not a home section, for the top bar and the menu: one entry per place (issue 13;
 * 'Watch' and 'Tour' led where VIDEOS and SHOWS already go).
 */
export const PAGE_LINKS = [
  { href: "/merch", label: "Merch" },
  { href: "/lyrics", label: "Lyrics" },
] as const;

/** The footer's site map adds the full pages behind two sections (spec: a link to /videos), named for what they add. */
export const FOOTER_PAGE_LINKS = [
  { href: "/shows", label: "Past shows" },
  { href: "/videos", label: "All videos" },
  // every single, EP and album (issue 25)
  { href: "/releases", label: "Releases" },
  ...PAGE_LINKS,
  // what the site keeps about a fan (issue 23)
  { href: "/privacy", label: "Privacy" },
] as const;

/** Smooth scrolling, unless the visitor asked the system for reduced motion. */
export function smoothUnlessReduced(): ScrollBehavior {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/** Smooth-scrolls to a home section ('home' is the top of the page) and keeps the hash in the URL. */
export function scrollToSection(id: string) {
  if (id === "home") {
    window.scrollTo({ top: 0, behavior: smoothUnlessReduced() });
    history.replaceState(history.state, "", "/");
    return;
  }
  const el = document.getElementById(id);
  el?.scrollIntoView({ behavior: smoothUnlessReduced(), block: "start" });
  history.replaceState(history.state, "", `/#${id}`);
  if (el) focusSection(el);
}

/**
 * Moves keyboard focus to the section a link led to (without scrolling again), so the next
 * Tab continues inside it instead of back at the link or the top of the page.
 */
export function focusSection(el: HTMLElement) {
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
}
