import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { DEFAULT_BAND_NAME } from "@shared/constants";
import { NEWSLETTER_CLICKS_SETTING, newsletterClicksCounted } from "@shared/privacy";
import { canonicalTimeZone } from "@shared/schemas/settings";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import type { Db } from "../db/client";
import { settings } from "../db/schema";

/** Reading settings: the settings module, the mails and the pages all do. Writes stay in the module. */
export async function getSetting(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value ?? null;
}

export async function getSettings(db: Db, keys: readonly string[]): Promise<Record<string, string>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, [...keys]));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** The band's name as mails sign with it: the setting, or the default when it is blank. */
export async function bandName(app: FastifyInstance): Promise<string> {
  return (await getSetting(app.db, "band-name"))?.trim() || DEFAULT_BAND_NAME;
}

/**
 * The band's time zone (the `timezone` setting), in which scheduled times are written and the
 * activity log's dates are worded; America/New_York when unset or unknown.
 */
export async function bandTimeZone(db: Db): Promise<string> {
  return canonicalTimeZone((await getSetting(db, "timezone")) ?? "") ?? SETTING_DEFAULTS.timezone!;
}

/**
 * Whether clicks on newsletter links are counted (the `newsletter-click-counting` setting, on
 * unless saved 'false'): the newsletter worker reads it when it composes a newsletter, the
 * /go/newsletter route when a fan follows a link.
 */
export async function newsletterClickCounting(db: Db): Promise<boolean> {
  return newsletterClicksCounted(await getSetting(db, NEWSLETTER_CLICKS_SETTING));
}
