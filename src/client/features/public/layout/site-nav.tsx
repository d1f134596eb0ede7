import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent } from "react";
import { Link, useLocation } from "wouter";
import { useBandName } from "@client/lib/band-name";
import { cn } from "@client/lib/cn";
import { useHydrated } from "@client/lib/use-hydrated";
import { PAGE_LINKS, SECTION_LINKS } from "./nav-links";
import { SectionLink } from "./section-link";

const linkClass = "font-display text-lg tracking-wide uppercase text-dust transition hover:text-bone";
const toggleClass = "ml-auto grid h-11 w-11 place-items-center border border-smoke text-bone lg:hidden";

const MENU_ID = "mobile-menu";
/** Where the menu's close link leads before the app runs: an id no element has, so the page does not scroll. */
const MENU_CLOSED = "menu-closed";

/**
 * Sticky top bar: band mark, section links, page links; a full-screen menu on phones.
 *
 * The menu works without JavaScript (decision 029): the server draws the toggle as a link to
 * #mobile-menu and the menu itself, which CSS shows while it is the URL's target (public.css,
 * `.menu-nojs`); a second link closes it, and a section link on the home page closes it by
 * changing the target. Once the app runs, the same toggle element is a button with
 * aria-expanded, and the menu is drawn only while open, with the focus trap, Escape, the inert
 * page behind and the close on a route change.
 */
export function SiteNav() {
  const band = useBandName();
  const [location] = useLocation();
  const enhanced = useHydrated();
  const [open, setOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const close = () => setOpen(false);
  const toggle = (e: MouseEvent) => {
    e.preventDefault();
    setOpen((o) => !o);
  };
  // a link with the role of a button: Space presses it too
  const onToggleKey = (e: ReactKeyboardEvent) => {
    if (e.key !== " ") return;
    e.preventDefault();
    setOpen((o) => !o);
  };

  // The mobile menu closes whenever the route changes.
  useEffect(() => setOpen(false), [location]);
  // A menu opened before the app ran (the URL's target) stays open, now as the app's; the
  // fragment goes, so a reload or a shared link does not open it again.
  useEffect(() => {
    if (!enhanced) return;
    const hash = window.location.hash;
    if (hash !== `#${MENU_ID}` && hash !== `#${MENU_CLOSED}`) return;
    if (hash === `#${MENU_ID}`) setOpen(true);
    history.replaceState(history.state, "", window.location.pathname + window.location.search);
  }, [enhanced]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      } else if (e.key === "Tab") keepFocusInMenu(e, navRef.current);
    };
    document.addEventListener("keydown", onKey);
    // the page behind the full-screen menu stays put
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    // ...and is out of reach for screen readers too, as behind a dialog
    const behind = [...(navRef.current?.parentElement?.children ?? [])].filter((el) => el !== navRef.current && !el.hasAttribute("inert"));
    for (const el of behind) el.setAttribute("inert", "");
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      for (const el of behind) el.removeAttribute("inert");
    };
  }, [open]);

  // No backdrop-filter on the bar: it would become the containing block of the fixed menu panel.
  return (
    <nav ref={navRef} aria-label="Main" className="sticky top-0 z-50 border-b border-smoke/70 bg-ink/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <SectionLink id="home" className="font-display text-2xl leading-none tracking-tight uppercase">
          {band}
          <span className="text-blood">.</span>
        </SectionLink>
        <ul className="ml-auto hidden items-center gap-5 lg:flex">
          {SECTION_LINKS.map((l) => (
            <li key={l.id}>
              <SectionLink id={l.id} className={linkClass}>{l.label}</SectionLink>
            </li>
          ))}
          <li aria-hidden="true" className="h-5 w-px bg-smoke" />
          {PAGE_LINKS.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className={cn(linkClass, location === l.href && "text-(--color-signal)")} aria-current={location === l.href ? "page" : undefined}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <a
          ref={toggleRef}
          href={`#${MENU_ID}`}
          role="button"
          onClick={toggle}
          onKeyDown={onToggleKey}
          aria-expanded={enhanced ? open : undefined}
          aria-controls={MENU_ID}
          aria-label={open ? "Close menu" : "Open menu"}
          className={cn(toggleClass, !enhanced && "menu-open-nojs")}
        >
          {open ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
        </a>
        {!enhanced && (
          // without JavaScript: takes the toggle's place while the menu is open (public.css)
          <a href={`#${MENU_CLOSED}`} role="button" aria-label="Close menu" className={cn(toggleClass, "menu-close-nojs")}>
            <X aria-hidden="true" className="h-6 w-6" />
          </a>
        )}
      </div>
      {(open || !enhanced) && (
        <div id={MENU_ID} className={cn("halftone fixed inset-x-0 top-16 bottom-0 z-50 overflow-y-auto bg-ink px-6 py-6 lg:hidden", !enhanced && "menu-nojs")}>
          <ul className="grid gap-1">
            {SECTION_LINKS.map((l, i) => (
              <li key={l.id}>
                <SectionLink id={l.id} onNavigate={close} className="flex items-baseline gap-3 py-1.5 font-display text-5xl uppercase leading-none text-bone">
                  <span aria-hidden="true" className="text-sm text-(--color-signal)">{String(i + 1).padStart(2, "0")}</span>
                  {l.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <ul className="mt-6 flex gap-3 border-t border-smoke pt-6">
            {PAGE_LINKS.map((l) => (
              <li key={l.href}>
                {/* closes itself too: a link to the page already shown changes no route */}
                <Link href={l.href} onClick={close} aria-current={location === l.href ? "page" : undefined} className="tape block px-3 py-1 font-display text-2xl uppercase">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </nav>
  );
}

/** The open menu covers the page: Tab and Shift+Tab cycle through the toggle and the menu's links only. */
function keepFocusInMenu(e: KeyboardEvent, nav: HTMLElement | null) {
  const menu = document.getElementById(MENU_ID);
  const toggle = nav?.querySelector<HTMLElement>(`[aria-controls='${MENU_ID}']`);
  if (!menu || !toggle) return;
  const items = [toggle, ...menu.querySelectorAll<HTMLElement>("a[href], button")];
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement as HTMLElement | null;
  const inside = !!active && items.includes(active);
  if (e.shiftKey && (active === first || !inside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !inside)) {
    e.preventDefault();
    first.focus();
  }
}
