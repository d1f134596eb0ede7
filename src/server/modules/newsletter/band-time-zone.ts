import { canonicalTimeZone } from "@shared/schemas/settings";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import type { Db } from "../../db/client";
import { getSetting } from "../../services/settings";

/** The band's time zone (the `timezone` setting), in which scheduled times are written; America/New_York when unset or unknown. */
export async function bandTimeZone(db: Db): Promise<string> {
  return canonicalTimeZone((await getSetting(db, "timezone")) ?? "") ?? SETTING_DEFAULTS.timezone!;
}
