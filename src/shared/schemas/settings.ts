import { z } from "zod";
import { SETTING_KEYS, type SettingKey } from "../constants";
import { dataAnswer, savedAnswer } from "./answers";
import { multilineText } from "./text";
import { WELCOME_SUBJECT_MAX } from "../welcome-mail";
import { soundCloudEmbedUrl, spotifyEmbedUrl } from "../embed-urls";
import { isWebUrl } from "./content-fields";
import { isSiteCopyKey, SITE_COPY_MAX } from "../site-copy";

export const settingKeyParams = z.object({
  key: z.enum(SETTING_KEYS, { message: "Unknown setting" }),
});

// The spec leaves setting values unvalidated; issue 13 checks each for what it is (checkSettingValue).
export const settingInput = z.object({
  value: multilineText({ message: "Value must be text" }).max(10_000, "Value is too long (10,000 characters at most)"),
});

/**
 * PUT /api/settings: several settings at once (a Settings section's Save, issue 21), key -> value.
 * Each value passes settingInput's rule here, then its own check (checkSettingValue) in the
 * route; one refused value saves nothing, and the 400 names every refused key under `errors`.
 */
const KNOWN_KEYS: ReadonlySet<string> = new Set(SETTING_KEYS);
export const settingsBatchInput = z
  .object(Object.fromEntries(SETTING_KEYS.map((key) => [key, settingInput.shape.value.optional()])) as Record<SettingKey, z.ZodOptional<typeof settingInput.shape.value>>)
  // an unknown key is named as such (a strict object would only say 'Unrecognized key' of the body)
  .catchall(z.unknown())
  .superRefine((values, ctx) => {
    const keys = Object.keys(values);
    if (keys.length === 0) ctx.addIssue({ code: "custom", message: "Nothing to save: send at least one setting" });
    for (const key of keys) if (!KNOWN_KEYS.has(key)) ctx.addIssue({ code: "custom", path: [key], message: "Unknown setting" });
  });
export type SettingsBatch = Partial<Record<SettingKey, string>>;

/** One setting as GET/PUT /api/settings/{key} send it; null: never set (the built-in default applies). */
export const settingRecord = z.object({ key: z.string(), value: z.string().nullable() });
export type Setting = z.input<typeof settingRecord>;

export const settingAnswers = {
  item: dataAnswer(settingRecord),
  /** GET /api/settings: every stored setting by key */
  all: dataAnswer(z.record(z.string(), z.string())),
  saved: savedAnswer(settingRecord),
  /** PUT /api/settings: every key sent, with the value as stored */
  savedMany: savedAnswer(z.record(z.string(), z.string())),
};

/** The zone's canonical IANA name ('america/new_york' -> 'America/New_York'), or null when unknown. */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

type Checked = { ok: true; value: string } | { ok: false; message: string };

/** The web address in a value typed without its scheme ('instagram.com/band' -> 'https://instagram.com/band'). */
function withScheme(value: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/+/, "")}`;
}

/** A link to a profile on one of the social platforms the footer shows. */
const SOCIAL_HOSTS: Partial<Record<SettingKey, { name: string; hosts: string[]; example: string }>> = {
  "instagram-url": { name: "an Instagram", hosts: ["instagram.com"], example: "https://instagram.com/yourband" },
  "facebook-url": { name: "a Facebook", hosts: ["facebook.com", "fb.com"], example: "https://facebook.com/yourband" },
  "twitter-url": { name: "a Twitter / X", hosts: ["twitter.com", "x.com"], example: "https://x.com/yourband" },
  "youtube-url": { name: "a YouTube", hosts: ["youtube.com", "youtu.be"], example: "https://youtube.com/@yourband" },
  "tiktok-url": { name: "a TikTok", hosts: ["tiktok.com"], example: "https://www.tiktok.com/@yourband" },
  "threads-url": { name: "a Threads", hosts: ["threads.net", "threads.com"], example: "https://www.threads.net/@yourband" },
  "bluesky-url": { name: "a Bluesky", hosts: ["bsky.app"], example: "https://bsky.app/profile/yourband.bsky.social" },
};

const onHost = (url: URL, hosts: string[]) => {
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
};

/** The link as typed (plus 'https://' when the scheme was left out) and parsed, or the message. */
function checkWebUrl(value: string, message: string): { ok: true; url: URL; value: string } | { ok: false; message: string } {
  const candidate = withScheme(value);
  if (!isWebUrl(candidate) || /\s/.test(candidate) || !new URL(candidate).hostname.includes(".")) return { ok: false, message };
  if (candidate.length > 2000) return { ok: false, message: "URL is too long (2,000 characters at most)" };
  return { ok: true, url: new URL(candidate), value: candidate };
}

/** A tag such as <b> or </a>: the words on the site are plain text ('<3' is fine). */
const HTML_TAG = /<\/?[a-z][^>]*>/i;

/**
 * One of the words on the site (issue 21): plain text on one line (line breaks and runs of
 * spaces become one space), within its length. Empty is allowed: the line is then left out.
 */
function checkSiteCopy(max: number, value: string): Checked {
  const text = value.replace(/\s+/g, " ").trim();
  if (HTML_TAG.test(text)) return { ok: false, message: "Plain text only: leave out HTML tags such as <b>" };
  if (text.length > max) return { ok: false, message: `Too long: ${text.length} characters, ${max} at most` };
  return { ok: true, value: text };
}

/**
 * Every setting is checked for what it is (issue 13): the value to store, or the message of a
 * 400 (the admin field shows the same message before it asks the server). An empty value means
 * "not set": the built-in default where one exists, else nothing is shown (e.g. no player).
 * Embed links are stored in the platform's embed form, whatever form the band pasted.
 */
export function checkSettingValue(key: SettingKey, value: string): Checked {
  if (isSiteCopyKey(key)) return checkSiteCopy(SITE_COPY_MAX[key], value);
  const trimmed = value.trim();
  switch (key) {
    case "welcome-subject": {
      // a mail header: one line, never empty (the built-in subject applies only until the first save)
      if (!trimmed) return { ok: false, message: "Subject is required" };
      if (trimmed.length > WELCOME_SUBJECT_MAX) return { ok: false, message: `Subject is too long (${WELCOME_SUBJECT_MAX} characters at most)` };
      if (/[\r\n]/.test(trimmed)) return { ok: false, message: "Subject must be one line" };
      return { ok: true, value: trimmed };
    }
    case "welcome-content":
      return trimmed === "" ? { ok: false, message: "Content is required" } : { ok: true, value };
    case "timezone": {
      if (!trimmed) return { ok: true, value: "" };
      const zone = canonicalTimeZone(trimmed);
      if (!zone) return { ok: false, message: `Unknown time zone '${trimmed.slice(0, 60)}'. Use an IANA name such as America/New_York or Europe/Berlin.` };
      return { ok: true, value: zone };
    }
    case "band-name":
      if (/[\r\n]/.test(trimmed)) return { ok: false, message: "The band's name must be one line" };
      if (trimmed.length > 100) return { ok: false, message: "The band's name is too long (100 characters at most)" };
      return { ok: true, value: trimmed };
    case "show-bios":
      return trimmed === "true" || trimmed === "false" || trimmed === "" ? { ok: true, value: trimmed } : { ok: false, message: "Must be 'true' or 'false'" };
    case "newsletter-click-counting":
      // a switch: empty would read as neither, so it is refused
      return trimmed === "true" || trimmed === "false" ? { ok: true, value: trimmed } : { ok: false, message: "Must be 'true' or 'false'" };
    case "soundcloud-url": {
      if (!trimmed) return { ok: true, value: "" };
      const embed = soundCloudEmbedUrl(trimmed.startsWith("<") ? trimmed : withScheme(trimmed));
      return embed
        ? { ok: true, value: embed }
        : { ok: false, message: "Must be a SoundCloud link: a track or playlist on soundcloud.com (e.g. https://soundcloud.com/yourband/song), or the player link from Share > Embed" };
    }
    case "spotify-url": {
      if (!trimmed) return { ok: true, value: "" };
      const embed = spotifyEmbedUrl(trimmed.startsWith("<") || trimmed.startsWith("spotify:") ? trimmed : withScheme(trimmed));
      return embed
        ? { ok: true, value: embed }
        : { ok: false, message: "Must be a Spotify link to a track, album, playlist or artist (e.g. https://open.spotify.com/album/...), or the embed link from Share > Embed" };
    }
    case "bandcamp-url": {
      if (!trimmed) return { ok: true, value: "" };
      const url = checkWebUrl(trimmed, "Must be a valid URL, e.g. https://yourband.bandcamp.com");
      return url.ok ? { ok: true, value: url.value } : url;
    }
    case "instagram-url":
    case "facebook-url":
    case "twitter-url":
    case "youtube-url":
    case "tiktok-url":
    case "threads-url":
    case "bluesky-url": {
      if (!trimmed) return { ok: true, value: "" };
      const social = SOCIAL_HOSTS[key]!;
      const message = `Must be ${social.name} link, e.g. ${social.example}`;
      const url = checkWebUrl(trimmed, message);
      if (!url.ok) return url;
      return onHost(url.url, social.hosts) && url.url.pathname.length > 1 ? { ok: true, value: url.value } : { ok: false, message };
    }
    default:
      // the about paragraphs: free text, bounded by settingInput
      return { ok: true, value };
  }
}
