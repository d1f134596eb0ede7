import type { StatsReport } from "@shared/schemas/stats";
import type { Db } from "../../db/client";
import { newsletterLinks } from "../newsletter/links";
import { sentNewsletterWords } from "../newsletter/repository";
import type { Total } from "./totals";

const PREFIX = "newsletter:";

/** Whether a 'click' total is a newsletter link's ('newsletter:7:3'); the report's `clicks` keeps the others. */
export const isNewsletterClick = (total: Pick<Total, "key">) => total.key.startsWith(PREFIX);

/**
 * The report's `newsletterClicks`: per newsletter and link, its subject, where the link leads (read
 * from the stored newsletter with the function that numbered it) and its clicks, most clicked
 * first. Counted per link only: nothing says who clicked.
 */
export async function newsletterClicks(db: Db, clicks: Total[]): Promise<StatsReport["newsletterClicks"]> {
  const counted = clicks.filter(isNewsletterClick).map((c) => {
    const [newsletterId, link] = c.key.slice(PREFIX.length).split(":").map(Number);
    return { newsletterId, link, clicks: c.events };
  });
  const words = await sentNewsletterWords(db, [...new Set(counted.map((c) => c.newsletterId))]);
  const links = new Map([...words].map(([id, w]) => [id, newsletterLinks(w.contentHtml)]));
  return counted
    .map((c) => ({ newsletterId: c.newsletterId, subject: words.get(c.newsletterId)?.subject ?? "(deleted)", link: c.link, url: links.get(c.newsletterId)?.[c.link] ?? "", clicks: c.clicks }))
    .sort((a, b) => b.clicks - a.clicks || b.newsletterId - a.newsletterId || a.link - b.link);
}
