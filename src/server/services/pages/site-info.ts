import type { FastifyInstance } from "fastify";
import type { BandPhoto } from "@shared/schemas/band-photo";
import { canonicalTimeZone } from "@shared/schemas/settings";
import { SETTING_DEFAULTS, settingOrDefault } from "@shared/settings-defaults";
import { getSettings } from "../settings";
import { readBandPhoto, shareImageOf } from "../public-reads/band-photo";

/**
 * Settings every public page's HTML needs: the band's name, its social profiles, its time zone,
 * and the words of its tagline and where it is from (issue 21; saved empty: left out).
 */
export const SOCIAL_SETTING_KEYS = ["instagram-url", "facebook-url", "twitter-url", "youtube-url", "bandcamp-url", "tiktok-url", "threads-url", "bluesky-url"] as const;

/** The share image pages carry until the band has a photo: public/images/og-image.jpg. */
export const DEFAULT_SHARE_IMAGE = { url: "/images/og-image.jpg", width: 1200, height: 630 } as const;

const SITE_SETTING_KEYS = ["band-name", "timezone", "tagline", "origin", ...SOCIAL_SETTING_KEYS] as const;

export async function loadSiteInfo(app: FastifyInstance) {
  const [stored, photo] = await Promise.all([getSettings(app.db, SITE_SETTING_KEYS), readBandPhoto(app.db)]);
  return siteInfoOf(app.config.PUBLIC_URL, stored, photo);
}

/** The site's info from settings already read (a page's render reads them once for its data and its head). */
export function siteInfoOf(baseUrl: string, stored: Partial<Record<string, string | null>>, photo: BandPhoto | null) {
  const bandName = stored["band-name"]?.trim() || SETTING_DEFAULTS["band-name"]!;
  const sameAs = SOCIAL_SETTING_KEYS.map((k) => stored[k]?.trim()).filter((v): v is string => !!v && /^https?:\/\//.test(v));
  // a value saved before zones were checked falls back to the default rather than failing
  const timeZone = canonicalTimeZone(stored.timezone ?? "") ?? SETTING_DEFAULTS.timezone!;
  const tagline = settingOrDefault("tagline", stored.tagline).trim();
  const origin = settingOrDefault("origin", stored.origin).trim();
  const shared = shareImageOf(photo);
  // link previews and structured data show the band photo's JPEG (issue 21), else the stock image
  const shareImage = shared ? { ...shared, url: `${baseUrl}${shared.url}` } : { url: `${baseUrl}${DEFAULT_SHARE_IMAGE.url}`, width: DEFAULT_SHARE_IMAGE.width, height: DEFAULT_SHARE_IMAGE.height };
  return { bandName, sameAs, timeZone, tagline, origin, baseUrl, shareImage, bandPhoto: photo };
}
export type SiteInfo = ReturnType<typeof siteInfoOf>;
