/**
 * What the privacy page (/privacy, issue 23) states, held where the product's code takes it from:
 * the server imports these values (sessions, the sign-in cookie, the rate limits, the stats'
 * housekeeping) and the page prints them, so the page cannot say one thing while the code does
 * another. What a deployment sets (STATS_RETENTION_DAYS) reaches the page as `PrivacyFacts`,
 * read from the server's config (services/public-reads/privacy.ts, `GET /api/privacy`).
 *
 * Zod-free: the public page imports this file.
 */

import type { SettingKey } from "./constants";
import { settingOrDefault } from "./settings-defaults";

/** The one cookie the site sets: an admin's session, after signing in (plugins/auth.ts). */
export const SESSION_COOKIE = "sid";
/** A session ends this many hours after its last use (services/sessions.ts)... */
export const SESSION_IDLE_HOURS = 12;
/** ...and this many days after signing in, whatever happens (the cookie's max age too). */
export const SESSION_DAYS = 7;

/**
 * How long the public forms' and sign-in's per-address counters last (@fastify/rate-limit, kept in
 * the rate_limits table and deleted once the window ends).
 */
export const RATE_LIMIT_WINDOW_MINUTES = 1;
export const RATE_LIMIT_WINDOW_MS = RATE_LIMIT_WINDOW_MINUTES * 60_000;

/**
 * Minutes after the band's midnight a finished day is rolled up and its visitor salt deleted
 * (modules/stats/rollup.ts): the grace for the last batches of the day.
 */
export const SALT_GRACE_MINUTES = 15;

/**
 * Where a visit's country, region and city come from (modules/stats/geo.ts, decision 034). Its
 * CC BY 4.0 licence asks for `attribution` linking to `url` wherever the results are shown.
 */
export const GEO_DATA = {
  provider: "DB-IP",
  dataset: "IP to City Lite",
  attribution: "IP Geolocation by DB-IP",
  url: "https://db-ip.com",
  licence: "CC BY 4.0",
  licenceUrl: "https://creativecommons.org/licenses/by/4.0/",
} as const;

/**
 * Clicks on a newsletter's links (modules/newsletter/links.ts, decision 034): while this setting is
 * on (its default), a newsletter's links lead through `/go/newsletter/{newsletter}/{link}`, the same
 * for every fan, and are counted per newsletter and link, never per person. Off: newsletters sent
 * from then on keep their links as written, and a click on an older one is not counted.
 */
export const NEWSLETTER_CLICKS_SETTING = "newsletter-click-counting" satisfies SettingKey;

/** Whether newsletter link clicks are counted, from the setting's stored value (null: never saved, on). */
export function newsletterClicksCounted(stored: string | null | undefined): boolean {
  return settingOrDefault(NEWSLETTER_CLICKS_SETTING, stored).trim() !== "false";
}

/** What the page says that a deployment's configuration decides (`GET /api/privacy`). */
export interface PrivacyFacts {
  /** STATS_RETENTION_DAYS: days raw page views and clicks are kept; daily totals stay for ever */
  statsRetentionDays: number;
}
