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

export const PAGE_LINKS = [
  { href: "/videos", label: "Watch" },
  { href: "/merch", label: "Merch" },
  { href: "/lyrics", label: "Lyrics" },
] as const;

/** Smooth-scrolls to a home section ('home' is the top of the page) and keeps the hash in the URL. */
export function scrollToSection(id: string) {
  if (id === "home") {
    window.scrollTo({ top: 0, behavior: "smooth" });
    history.replaceState(history.state, "", "/");
    return;
  }
  document.getElementById(id)?.scrollIntoView({ behavior: "smooth", block: "start" });
  history.replaceState(history.state, "", `/#${id}`);
}
