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

/** A photo-booth style card: photo or a big initial, name, role, and the bio when bios are on. */
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
          <span aria-hidden="true" className={cn("halftone absolute inset-0 grid place-items-center font-display leading-none text-blood", showBio ? "text-6xl sm:text-[7rem]" : "text-[7rem]")}>
            {member.name.trim().charAt(0).toUpperCase()}
          </span>
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
