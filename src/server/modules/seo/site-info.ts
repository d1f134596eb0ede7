import type { FastifyInstance } from "fastify";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { getSettings } from "../settings/repository";

/** Settings every public page's HTML needs: the band's name and its social profiles. */
export const SOCIAL_SETTING_KEYS = ["instagram-url", "facebook-url", "twitter-url", "youtube-url", "bandcamp-url"] as const;

export async function loadSiteInfo(app: FastifyInstance) {
  const stored = await getSettings(app.db, ["band-name", ...SOCIAL_SETTING_KEYS]);
  const bandName = stored["band-name"]?.trim() || SETTING_DEFAULTS["band-name"]!;
  const sameAs = SOCIAL_SETTING_KEYS.map((k) => stored[k]?.trim()).filter((v): v is string => !!v && /^https?:\/\//.test(v));
  return { bandName, sameAs, baseUrl: app.config.PUBLIC_URL };
}
export type SiteInfo = Awaited<ReturnType<typeof loadSiteInfo>>;
