import { DEFAULT_BAND_NAME, type SettingKey } from "./constants";

/**
 * Built-in values the public pages use when a setting was never saved (the API answers
 * value null). A setting saved as an empty string counts as "not configured" and shows
 * the spec's "No ... configured yet" text instead of the default.
 */
export const DEFAULT_COVER_ART = "/images/default-cover.svg";
export const VIDEO_THUMBNAIL_PLACEHOLDER = "/images/video-placeholder.svg";
export const IMAGE_PLACEHOLDER = "/images/placeholder.svg";

export const SETTING_DEFAULTS: Partial<Record<SettingKey, string>> = {
  "band-name": DEFAULT_BAND_NAME,
  "soundcloud-url": "https://w.soundcloud.com/player/?url=https%3A//soundcloud.com/forss/flickermood&color=%23d7263d&auto_play=false&hide_related=true&show_comments=false&visual=true",
  "spotify-url": "https://open.spotify.com/embed/playlist/37i9dQZF1DX9wa6XirBPv8",
  "show-bios": "false",
  // show times ('8:00 PM') are read in this IANA zone for the calendar feed and search results
  timezone: "America/New_York",
  "about-para1":
    "We started in a cinderblock practice space off Highway 264, four friends from Greenville with borrowed amps and too much to say. The songs came out loud and fast because that was the only way we knew how to get them out.",
  "about-para2":
    "Since then we have played every VFW hall, basement and half-empty bar that would have us, from Wilmington to Richmond. The records are about the people we grew up with, the towns they left and the ones who stayed.",
  "about-para3":
    "We are still loud, still broke and still grateful for every kid who sings the words back at us. Come to a show. Stand up front. Bring a friend who needs it.",
};

/** The stored value, or the built-in default when none was ever saved. */
export function settingOrDefault(key: SettingKey, value: string | null | undefined): string {
  return value ?? SETTING_DEFAULTS[key] ?? "";
}
