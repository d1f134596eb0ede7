import { stringify } from "csv-stringify/sync";
import type { StatsReport } from "@shared/schemas/stats";
import { pointsOf, type Interval } from "@shared/stats-points";
import { notAFormula } from "../../lib/spreadsheet";

/** The export's columns: what a row is (`section`), its name, and the counts that apply to it (blank when one does not). */
export const EXPORT_COLUMNS = ["section", "name", "visitors", "pageviews", "clicks", "signups"] as const;

type Row = [section: string, name: string, visitors: number | null, pageviews: number | null, clicks: number | null, signups: number | null];

const place = (l: { city: string; region: string; country: string }) => [l.city, l.region, l.country].join(", ");

/**
 * The Insights report as one CSV table (GET /api/admin/stats/export): the range's totals and the
 * previous range's, each day (or week, `by`), then pages, sources, cities, outbound clicks, new subscribers per
 * source and newsletter link clicks, one section after the other. Any text cell that could run as
 * a spreadsheet formula is defused (a path, a utm_source, an item's name are anyone's words).
 * A BOM first, so Excel reads UTF-8 names right (as the subscribers' export does).
 */
export function reportCsv(report: StatsReport, from: string, to: string, by: Interval = "day"): string {
  // by week: the chart's weeks (Monday to Sunday, the first and last cut by the range)
  const steps = pointsOf(report.series, report.previous.series, by).map((p): Row => (by === "day" ? ["day", p.from, p.visitors, p.pageviews, null, null] : ["week", `${p.from} to ${p.to}`, p.visitors, p.pageviews, null, null]));
  const rows: Row[] = [
    ["total", `${from} to ${to}`, report.visitors, report.pageviews, null, null],
    ["previous total", `${report.previous.from} to ${report.previous.to}`, report.previous.visitors, report.previous.pageviews, null, null],
    ...steps,
    ...report.pages.map((p): Row => ["page", p.path, p.visitors, p.pageviews, null, null]),
    ...report.sources.map((s): Row => ["source", s.source, s.visitors, null, null, null]),
    ...report.locations.map((l): Row => ["location", place(l), l.visitors, null, null, null]),
    ...report.clicks.map((c): Row => [`${c.kind} click`, c.label, null, null, c.clicks, null]),
    ...report.signups.map((s): Row => ["signups", s.source, null, null, null, s.count]),
    ...report.newsletterClicks.map((n): Row => ["newsletter click", `${n.subject}: ${n.url}`, null, null, n.clicks, null]),
  ];
  return stringify(rows, {
    bom: true,
    header: true,
    columns: [...EXPORT_COLUMNS],
    record_delimiter: "windows",
    cast: { string: notAFormula },
  });
}

/** insights-2026-11-01-2026-11-27.csv */
export const reportCsvName = (from: string, to: string) => `insights-${from}-${to}.csv`;
