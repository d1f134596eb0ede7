import type { NewsletterProgress } from "@shared/schemas/newsletter";
import { regionName } from "@shared/regions";

/**
 * Whom a newsletter was for, in the lists: 'Everyone', 'North Carolina, Virginia', and the fans
 * near a show when it had a radius ('Everyone within 100 miles of The Pour House').
 */
export function audienceOf(n: Pick<NewsletterProgress, "regions" | "near">): string {
  const regions = n.regions.length ? n.regions.map(regionName).join(", ") : "Everyone";
  if (!n.near) return regions;
  return `${regions} within ${n.near.miles} mile${n.near.miles === 1 ? "" : "s"} of ${n.near.venue ?? "a deleted show"}`;
}
