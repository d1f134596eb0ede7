import { DEFAULT_BAND_NAME, type SettingKey } from "./constants";

/**
 * Built-in values the public pages use when a setting was never saved (the API answers
 * value null). A setting saved as an empty string counts as "not configured": for the texts
 * (about paragraphs, the words on the site) that leaves the text out.
 */
export const DEFAULT_COVER_ART = "/images/default-cover.svg";
export const VIDEO_THUMBNAIL_PLACEHOLDER = "/images/video-placeholder.svg";
export const IMAGE_PLACEHOLDER = "/images/placeholder.svg";

export const SETTING_DEFAULTS: Partial<Record<SettingKey, string>> = {
  "band-name": DEFAULT_BAND_NAME,
  // no soundcloud-url / spotify-url default (issue 13): a stock embed would play another artist's
  // music on the band's site. Until the band sets theirs, fans get the band's featured tracks.
  "show-bios": "false",
  // show times ('8:00 PM') are read in this IANA zone for the calendar feed and search results
  timezone: "America/New_York",
  // newsletter links go through /go/newsletter/{id}/{n} and are counted per link, never per person (issue 23)
  "newsletter-click-counting": "true",
  "about-para1":
    "We started in a cinderblock practice space off Highway 264, four friends from Greenville with borrowed amps and too much to say. The songs came out loud and fast because that was the only way we knew how to get them out.",
  "about-para2":
    "Since then we have played every VFW hall, basement and half-empty bar that would have us, from Wilmington to Richmond. The records are about the people we grew up with, the towns they left and the ones who stayed.",
  "about-para3":
    "We are still loud, still broke and still grateful for every kid who sings the words back at us. Come to a show. Stand up front. Bring a friend who needs it.",
  // the words on the site (issue 21): the texts the pages had built in, so a new site reads as before
  tagline: "Emo and hardcore from eastern North Carolina",
  "hero-kicker": "Eastern NC · Emo / Hardcore",
  "hero-text": "Loud, honest, and coming to a basement near you.",
  origin: "Eastern North Carolina",
  "footer-text": "Loud since the first basement show.",
  "merch-kicker": "Printed on demand",
  "merch-intro": "Shirts, hoodies, hats and things for your wall. Every order ships from our print partner.",
  "mailing-list-intro": "Show announcements, new releases and merch drops. No spam, unsubscribe any time.",
  "contact-intro": "Booking, press, or just want to say the last show wrecked you. We read everything.",
};

/** The stored value, or the built-in default when none was ever saved. */
export function settingOrDefault(key: SettingKey, value: string | null | undefined): string {
  return value ?? SETTING_DEFAULTS[key] ?? "";
}
