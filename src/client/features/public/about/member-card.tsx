import { useId } from "react";
import type { BandMember } from "@shared/schemas/band-members";
import { IMAGE_PLACEHOLDER } from "@shared/settings-defaults";
import { cn } from "@client/lib/cn";
import { BrandIcon } from "../layout/social-icons";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { mediaUrl } from "@client/lib/media-url";

/** The photo's width: half the page on phones (7.5rem beside the bio), a quarter of the 72rem page from lg. */
const PHOTO_SIZES = "(min-width: 1024px) 17rem, 50vw";
const PHOTO_SIZES_WITH_BIO = "(min-width: 1024px) 17rem, (min-width: 640px) 50vw, 7.5rem";
const SOCIAL_ORDER = ["instagram", "facebook", "twitter", "youtube", "bandcamp"] as const;

/** A photo-booth style card: photo or a drawn stand-in, name, role, and the bio when bios are on. */
export function MemberCard({ member, showBio, tilt }: { member: BandMember; showBio: boolean; tilt: 1 | -1 }) {
  const links = SOCIAL_ORDER.map((k) => [k, member.socialLinks?.[k]] as const).filter(([, url]) => url && /^https?:\/\//.test(url));
  return (
    <li className={cn("bg-ink p-2 pb-4 text-bone shadow-[6px_6px_0_0_rgb(11_11_12/0.25)] transition hover:rotate-0", tilt > 0 ? "sm:rotate-1" : "sm:-rotate-1",
      // with bios on, phones get a side-by-side card instead of a tall one
      showBio && "col-span-2 grid grid-cols-[7.5rem_1fr] gap-3 pb-2 sm:col-span-1 sm:block sm:pb-4")}>
      <div className={cn("relative aspect-[4/5] overflow-hidden bg-coal", showBio && "self-start")}>
        {member.imageUrl ? (
          <ImageWithFallback src={mediaUrl(member.imageUrl)} variants={member.image} sizes={showBio ? PHOTO_SIZES_WITH_BIO : PHOTO_SIZES} fallbackSrc={IMAGE_PLACEHOLDER} alt={member.altText || member.name} width={300} height={375} className="h-full w-full object-cover grayscale contrast-125" />
        ) : (
          <MemberSilhouette />
        )}
        <span className="absolute bottom-2 left-2 bg-blood-dark px-1.5 text-[0.6rem] sm:px-2 py-0.5 font-bold tracking-[0.15em] uppercase sm:text-xs">{member.role}</span>
      </div>
      <div className={cn("px-1", showBio ? "pt-1 sm:pt-3" : "pt-3")}>
        <h4 className="font-display text-2xl leading-none uppercase">{member.name}</h4>
        {showBio && member.bio && <p className="mt-2 text-sm leading-relaxed text-dust">{member.bio}</p>}
        {links.length > 0 && (
          <ul className="mt-3 flex gap-2">
            {links.map(([k, url]) => (
              <li key={k}>
                <a href={url!} target="_blank" rel="noopener noreferrer" aria-label={`${member.name} on ${k}`} className="text-dust hover:text-bone">
                  <BrandIcon icon={k} className="h-4 w-4" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/**
 * Stands in for a member without a photo (issue 21): a head-and-shoulders silhouette in the
 * site's greys, lit from below in blood red and screened with the halftone, so it sits beside
 * the real photos (drawn grayscale, high contrast) as one more print in the row, at any size.
 */
function MemberSilhouette() {
  const fill = `member-silhouette-${useId()}`;
  return (
    <div aria-hidden="true" data-testid="member-silhouette" className="absolute inset-0 bg-gradient-to-b from-ash via-coal to-blood-dark/60">
      <svg viewBox="0 0 100 125" preserveAspectRatio="xMidYMax meet" className="absolute inset-x-0 bottom-0 h-[88%] w-full">
        <defs>
          <linearGradient id={fill} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#3a3a42" />
            <stop offset="1" stopColor="#0b0b0c" />
          </linearGradient>
        </defs>
        <g fill={`url(#${fill})`}>
          <ellipse cx="50" cy="50" rx="17" ry="20" />
          <path d="M43 66h14l1 9c17 3 30 13 32 32v18H10v-18c2-19 15-29 32-32z" />
        </g>
      </svg>
      <div className="halftone absolute inset-0" />
    </div>
  );
}
