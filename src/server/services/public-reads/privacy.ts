import type { PrivacyFacts } from "@shared/privacy";
import type { AppConfig } from "../../config";

/** The privacy page's configured facts (issue 23), from the server's own settings: the page never repeats a number. */
export function privacyFacts(config: Pick<AppConfig, "STATS_RETENTION_DAYS">): PrivacyFacts {
  return { statsRetentionDays: config.STATS_RETENTION_DAYS };
}
