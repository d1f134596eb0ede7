/**
 * The words on the public pages a band edits in Settings > Words on the site (issue 21). Until
 * saved, each shows its built-in text (SETTING_DEFAULTS); saved empty, its line is left out.
 * Zod-free: the public pages import the helpers below.
 */
import type { SettingKey } from "./constants";

/** Each text is plain text on one line (line breaks become spaces), at most this many characters. */
export const SITE_COPY_MAX = {
  tagline: 120,
  "hero-kicker": 60,
  "hero-text": 240,
  origin: 40,
  "footer-text": 240,
  "merch-kicker": 40,
  "merch-intro": 300,
  "mailing-list-intro": 300,
  "contact-intro": 300,
} as const satisfies Partial<Record<SettingKey, number>>;

export type SiteCopyKey = keyof typeof SITE_COPY_MAX;
export const SITE_COPY_KEYS = Object.keys(SITE_COPY_MAX) as SiteCopyKey[];
export const isSiteCopyKey = (key: string): key is SiteCopyKey => key in SITE_COPY_MAX;

/** The tagline as the first sentence of a text: a full stop added unless it ends in its own punctuation. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  return /[.!?…"'”’)]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** 'Emo and hardcore from X' + 'Loud since ...' -> 'Emo and hardcore from X. Loud since ...'; either may be empty. */
export function afterTagline(tagline: string, rest: string): string {
  return [asSentence(tagline), rest.trim()].filter(Boolean).join(" ");
}

/** The home page's title: 'Band | Tagline', or the band's name alone without a tagline. */
export function homeTitle(band: string, tagline: string): string {
  const line = tagline.trim();
  return line ? `${band} | ${line}` : band;
}
