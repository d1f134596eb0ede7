/** Constants of spec section 9 and the architecture's decisions, shared by client and server. */
export const DEFAULT_BAND_NAME = "Tar River Static";
export const PRIMARY_ADMIN_ID = 1;
export const ADMIN_REFRESH_MS = 20 * 60 * 1000;
export const SKELETON_ROWS = 5;
export const DASHBOARD_LIST_SIZE = 3;

/** Setting keys (spec section 3) plus the band name (ARCHITECTURE.md). */
export const SETTING_KEYS = [
  "band-name",
  "soundcloud-url",
  "spotify-url",
  "bandcamp-url",
  "instagram-url",
  "facebook-url",
  "twitter-url",
  "youtube-url",
  // issue 21: where bands are now
  "tiktok-url",
  "threads-url",
  "bluesky-url",
  "show-bios",
  "about-para1",
  "about-para2",
  "about-para3",
  "timezone",
  // the welcome mail a fan gets on confirming their address (issue 12); unset: shared/welcome-mail.ts
  "welcome-subject",
  "welcome-content",
  // links in newsletters counted per newsletter and link, never per person (issue 23): 'true' (default) or 'false'
  "newsletter-click-counting",
  // the words on the public pages (issue 21); built-in texts in settings-defaults.ts, rules in site-copy.ts
  "tagline",
  "hero-kicker",
  "hero-text",
  "origin",
  "footer-text",
  "merch-kicker",
  "merch-intro",
  "mailing-list-intro",
  "contact-intro",
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
