import type { SettingKey } from "@shared/constants";
import { cn } from "@client/lib/cn";
import { useSetting } from "@client/lib/settings";

/** Brand marks drawn inline (simple shapes, no icon font, no network). */
const PATHS: Record<string, string> = {
  instagram: "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3H7Zm5 3.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM17.5 5.8a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z",
  facebook: "M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.6 1.6-1.6h1.7V4.4c-.3 0-1.3-.1-2.5-.1-2.5 0-4.1 1.5-4.1 4.2v2.3H7.4V14h2.8v8h3.3Z",
  twitter: "M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z",
  youtube: "M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8ZM9.8 15.1V8.9l5.8 3.1-5.8 3.1Z",
  bandcamp: "M0 18.8 7.3 5.2H24l-7.3 13.6H0Z",
};

export const SOCIALS: { key: SettingKey; name: string; icon: keyof typeof PATHS }[] = [
  { key: "instagram-url", name: "Instagram", icon: "instagram" },
  { key: "facebook-url", name: "Facebook", icon: "facebook" },
  { key: "twitter-url", name: "Twitter / X", icon: "twitter" },
  { key: "youtube-url", name: "YouTube", icon: "youtube" },
  { key: "bandcamp-url", name: "Bandcamp", icon: "bandcamp" },
];

export function BrandIcon({ icon, className }: { icon: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cn("h-5 w-5 fill-current", className)}>
      <path d={PATHS[icon]} />
    </svg>
  );
}

/** The configured social profiles (settings), as [{name, icon, url}]. */
export function useSocialLinks() {
  // one call per key, in the fixed order of SOCIALS
  const urls = [useSetting("instagram-url").value, useSetting("facebook-url").value, useSetting("twitter-url").value, useSetting("youtube-url").value, useSetting("bandcamp-url").value];
  return SOCIALS.map((s, i) => ({ ...s, url: urls[i].trim() })).filter((s) => /^https?:\/\//i.test(s.url));
}

export function SocialIconRow({ className }: { className?: string }) {
  const links = useSocialLinks();
  if (!links.length) return null;
  return (
    <ul className={cn("flex flex-wrap gap-2", className)}>
      {links.map((s) => (
        <li key={s.key}>
          <a href={s.url} target="_blank" rel="noopener noreferrer" aria-label={s.name} title={s.name}
            className="grid h-11 w-11 place-items-center border border-smoke text-dust transition hover:border-blood hover:text-bone">
            <BrandIcon icon={s.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}
