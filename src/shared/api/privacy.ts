/** The privacy page's configured facts (issue 23): what this deployment keeps, and for how long. */
export type { PrivacyFacts } from "../privacy";

export const privacyApi = {
  /** GET (public; inlined with /privacy) */
  facts: "/api/privacy",
} as const;
