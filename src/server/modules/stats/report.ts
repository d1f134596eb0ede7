import type { StatsReport } from "@shared/schemas/stats";
import type { Db } from "../../db/client";
import { bandTimeZone } from "../../services/settings";
import { signupsBySource } from "../subscribers/repository";
import { clickLabels, totalsBetween } from "./repository";
import { isNewsletterClick, newsletterClicks } from "./newsletter-clicks";

const TOP = 100;

const byDesc = <T>(value: (x: T) => number) => (a: T, b: T) => value(b) - value(a);

/**
 * The report of the band's days from..to (both included; today's events are read raw until the
 * day is rolled up). Visitors are counted per day and added up over the range: with a salt that
 * changes every day, nobody (the site included) can tell that Monday's and Tuesday's visitor are
 * one person.
 */
export async function statsReport(db: Db, from: string, to: string): Promise<StatsReport> {
  const totals = await totalsBetween(db, from, to);
  const of = (dimension: string) => totals.filter((t) => t.dimension === dimension);
  const total = of("total")[0];
  const clicks = of("click")
    .filter((c) => !isNewsletterClick(c))
    .sort(byDesc((c) => c.events));
  const ids = (kind: string) => clicks.filter((c) => c.key.startsWith(`${kind}:`)).map((c) => Number(c.key.slice(kind.length + 1)));
  const labels = await clickLabels(db, ids("show"), ids("merch"));
  return {
    visitors: total?.visitors ?? 0,
    pageviews: total?.events ?? 0,
    pages: of("page")
      .sort(byDesc((p) => p.events))
      .slice(0, TOP)
      .map((p) => ({ path: p.key, visitors: p.visitors, pageviews: p.events })),
    sources: of("source")
      .sort(byDesc((s) => s.visitors))
      .slice(0, TOP)
      .map((s) => ({ source: s.key, visitors: s.visitors })),
    locations: of("location")
      .sort(byDesc((l) => l.visitors))
      .slice(0, TOP)
      .map((l) => {
        const [country, region, city] = l.key.split("\t");
        return { country, region, city, latitude: null, longitude: null, visitors: l.visitors };
      }),
    clicks: clicks.map((c) => {
      const [kind, id] = c.key.split(":");
      return { kind, id: Number(id), label: labels.get(c.key) ?? "(deleted)", clicks: c.events };
    }),
    signups: await signupsBySource(db, from, to, await bandTimeZone(db)),
    // filled by the Insights work that follows this contract (issue 23)
    series: [],
    previous: { from, to, visitors: 0, pageviews: 0, series: [] },
    newsletterClicks: await newsletterClicks(db, of("click")),
  };
}
