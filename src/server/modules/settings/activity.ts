import type { SettingKey } from "@shared/constants";
import { changeList, type FieldWords } from "../../lib/activity-words";

/**
 * How the activity log words a settings change (issue 21): 'changed the settings: band name
 * Floodplain → The Night Shift, tagline ...'. Long texts (the about paragraphs, the welcome
 * mail) are said to be edited, not repeated. No setting holds a secret; the global deny-list in
 * plugins/activity-log.ts would keep one out of `changes` all the same, and a key not named here
 * is never worded.
 */
const long = (label: string): FieldWords => ({ label, long: true });

/** Each setting's words, in the order the Settings page shows them (a sentence lists changes in it). */
export const SETTING_WORDS: Record<SettingKey, FieldWords> = {
  "band-name": { label: "band name" },
  timezone: { label: "time zone" },
  "show-bios": { label: "member bios shown" },
  "about-para1": long("about text (first paragraph)"),
  "about-para2": long("about text (second paragraph)"),
  "about-para3": long("about text (third paragraph)"),
  tagline: { label: "tagline" },
  "hero-kicker": { label: "line above the band name" },
  "hero-text": { label: "home page intro" },
  origin: { label: "where the band is from" },
  "footer-text": { label: "footer line" },
  "merch-kicker": { label: "merch label" },
  "merch-intro": { label: "merch intro" },
  "mailing-list-intro": { label: "mailing list intro" },
  "contact-intro": { label: "contact intro" },
  "spotify-url": { label: "Spotify player" },
  "soundcloud-url": { label: "SoundCloud player" },
  "bandcamp-url": { label: "Bandcamp link" },
  "instagram-url": { label: "Instagram link" },
  "facebook-url": { label: "Facebook link" },
  "twitter-url": { label: "Twitter link" },
  "youtube-url": { label: "YouTube link" },
  "tiktok-url": { label: "TikTok link" },
  "threads-url": { label: "Threads link" },
  "bluesky-url": { label: "Bluesky link" },
  "welcome-subject": { label: "welcome mail subject" },
  "welcome-content": long("welcome mail text"),
  "newsletter-click-counting": { label: "newsletter link clicks counted" },
};

/** 'changed the settings: band name A → B, tagline (none) → C' or 'saved the settings (nothing changed)'. */
export function describeSettingsChange(before: Record<string, string | null> | null, after: Record<string, string>): string {
  const words = Object.fromEntries(Object.entries(SETTING_WORDS).filter(([key]) => key in after));
  const list = changeList(before ?? {}, after, words);
  return list ? `changed the settings: ${list}` : "saved the settings (nothing changed)";
}
