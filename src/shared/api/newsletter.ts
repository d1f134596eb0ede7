/** Newsletters (spec section 7) and their delivery progress. */
export type { NewsletterProgress, NewsletterSendInput, NewsletterEditInput, NewsletterDraft, NewsletterDraftInput, NewsletterDetails, DeliveryStatus } from "../schemas/newsletter";

export interface NewsletterTargets {
  targetShows: boolean;
  targetReleases: boolean;
  targetMerch: boolean;
}

/** Who a newsletter goes to: interests, and optionally regions (none: everyone). */
export interface NewsletterAudience extends NewsletterTargets {
  regions?: readonly string[];
  /** fans within `miles` of this show's venue (issue 24) */
  near?: { showId: number; miles: number } | null;
}

export const newsletterApi = {
  send: "/api/newsletter/send",
  render: "/api/newsletter/render",
  recipients: (t: NewsletterAudience) =>
    `/api/newsletter/recipients?${new URLSearchParams({
      targetShows: String(t.targetShows),
      targetReleases: String(t.targetReleases),
      targetMerch: String(t.targetMerch),
      // sorted: the same choice in another order is the same cache entry
      ...(t.regions?.length ? { regions: [...t.regions].sort().join(",") } : {}),
      ...(t.near ? { nearShowId: String(t.near.showId), nearMiles: String(t.near.miles) } : {}),
    })}`,
  /** GET: the latest newsletters with their progress (scheduled and cancelled ones too) */
  list: "/api/newsletters",
  /** GET: one newsletter with its content; PUT: changes a scheduled one until it starts (409 after) */
  item: (id: number) => `/api/newsletters/${id}`,
  /** POST: cancels a newsletter that is still scheduled */
  cancel: (id: number) => `/api/newsletters/${id}/cancel`,
  /** GET: the band's drafts, last edited first; POST: a new draft */
  drafts: "/api/newsletter/drafts",
  /** GET / PUT (autosave) / DELETE (discard) one draft */
  draft: (id: number) => `/api/newsletter/drafts/${id}`,
} as const;
