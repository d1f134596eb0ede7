import { Link } from "wouter";
import { useBandName } from "@client/lib/band-name";
import { usePageDay } from "@client/lib/page-day";
import { useSetting } from "@client/lib/settings";
import { afterTagline } from "@shared/site-copy";
import { FOOTER_PAGE_LINKS, SECTION_LINKS } from "./nav-links";
import { SectionLink } from "./section-link";
import { SocialIconRow } from "./social-icons";

export function SiteFooter() {
  const band = useBandName();
  // the page's day, not the clock: the server's HTML and the first client render agree
  const year = usePageDay().slice(0, 4);
  const words = afterTagline(useSetting("tagline").value, useSetting("footer-text").value);
  return (
    <footer className="relative border-t-4 border-blood bg-coal">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.3fr_1fr_1fr]">
        <div>
          <p className="font-display text-5xl leading-[0.85] uppercase">{band}</p>
          {words && <p className="mt-3 max-w-xs text-sm text-dust">{words}</p>}
          <SocialIconRow className="mt-5" />
        </div>
        <nav aria-label="Footer">
          <p className="mb-3 text-xs font-bold tracking-[0.2em] text-(--color-signal) uppercase">Sections</p>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-2">
            {SECTION_LINKS.map((l) => (
              <li key={l.id}>
                <SectionLink id={l.id} className="text-sm tracking-wide text-dust uppercase hover:text-bone">{l.label}</SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="mb-3 text-xs font-bold tracking-[0.2em] text-(--color-signal) uppercase">More</p>
          <ul className="grid gap-2">
            {FOOTER_PAGE_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className="text-sm tracking-wide text-dust uppercase hover:text-bone">{l.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-smoke px-4 py-5 text-center text-xs text-dust">
        © {year} {band}. All rights reserved.
      </p>
    </footer>
  );
}
