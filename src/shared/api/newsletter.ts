/** Newsletters (spec section 7) and their delivery progress. */
export type { NewsletterProgress, NewsletterSendInput, DeliveryStatus } from "../schemas/newsletter";

export interface NewsletterTargets {
  targetShows: boolean;
  targetReleases: boolean;
  targetMerch: boolean;
}

export const newsletterApi = {
  send: "/api/newsletter/send",
  render: "/api/newsletter/render",
  recipients: (t: NewsletterTargets) =>
    `/api/newsletter/recipients?${new URLSearchParams({ targetShows: String(t.targetShows), targetReleases: String(t.targetReleases), targetMerch: String(t.targetMerch) })}`,
  /** GET: the latest newsletters with their progress */
  list: "/api/newsletters",
  item: (id: number) => `/api/newsletters/${id}`,
} as const;
