import { ArrowUpRight } from "lucide-react";
import { useLocation } from "wouter";
import { BrandIcon, useSocialLinks } from "../layout/social-icons";
import { SectionHeading } from "../ui/section-heading";
import { StateMessage } from "../ui/state-message";
import { SocialEmbeds } from "./social-embeds";

export const NO_SOCIALS = "No social links configured yet.";

/** Link tiles to every configured profile, plus the feeds, loaded only when scrolled near. */
export function SocialSection() {
  const links = useSocialLinks();
  const [location] = useLocation();
  const isAdminPage = location.includes("/admin");
  return (
    <section id="social" aria-labelledby="social-title" className="bg-coal/60 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="social" index="06" title="Follow the Noise" kicker="Social" />
        {!links.length ? (
          <StateMessage>{NO_SOCIALS}</StateMessage>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:auto-cols-fr lg:grid-flow-col lg:grid-cols-none">
            {links.map((s) => (
              <li key={s.key}>
                <a href={s.url} target="_blank" rel="noopener noreferrer" className="group relative flex h-full flex-col justify-between gap-8 border border-smoke bg-ink p-4 transition hover:-translate-y-1 hover:border-blood">
                  <BrandIcon icon={s.icon} className="h-8 w-8 text-bone transition group-hover:text-blood" />
                  <span className="flex items-end justify-between gap-2">
                    <span className="font-display text-2xl leading-none uppercase">{s.name}</span>
                    <ArrowUpRight aria-hidden="true" className="h-5 w-5 shrink-0 text-dust group-hover:text-bone" />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {!isAdminPage && <SocialEmbeds links={links} />}
      </div>
    </section>
  );
}
