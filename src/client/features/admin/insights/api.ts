import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { statsApi, type ShowStats, type StatsReport } from "@shared/api/stats";
import { zonedParts } from "@shared/newsletter-schedule";
import { canonicalTimeZone } from "@shared/schemas/settings";
import { SETTING_DEFAULTS } from "@shared/settings-defaults";
import { urlQuery } from "@client/lib/query-client";
import { useSetting } from "@client/lib/settings";
import type { DayRange, Interval } from "./range";

const rangeQuery = (range: DayRange) => new URLSearchParams({ from: range.from, to: range.to }).toString();

/** GET /api/admin/stats?from&to */
export const reportUrl = (range: DayRange) => `${statsApi.report}?${rangeQuery(range)}`;

/** The CSV of the same range: a plain link (the admin's session cookie goes with it). */
/** The CSV of the range, its days' rows by day or by week as the chart shows them. */
export const exportUrl = (range: DayRange, by: Interval = "day") => `${statsApi.export}?${rangeQuery(range)}${by === "week" ? "&by=week" : ""}`;

/**
 * The report of a range. Read again on each visit (visits keep coming in); while another range
 * loads, the last one stays on screen, dimmed.
 */
export const useStatsReport = (range: DayRange | null) =>
  useQuery({ ...urlQuery<StatsReport>(range ? reportUrl(range) : statsApi.report), enabled: range !== null, staleTime: 0, placeholderData: keepPreviousData });

/** One show since it was announced (statsApi.show); null asks nothing. */
export const useShowStats = (id: number | null) => useQuery({ ...urlQuery<ShowStats>(statsApi.show(id ?? 0)), enabled: id !== null, staleTime: 0 });

/**
 * The band's today ('YYYY-MM-DD' in the timezone setting), the day the presets count back from;
 * null until the setting is known, so no report is asked for the wrong days.
 */
export function useBandToday(): string | null {
  const { value, isLoading } = useSetting("timezone");
  if (isLoading) return null;
  const zone = canonicalTimeZone(value) ?? SETTING_DEFAULTS.timezone!;
  return zonedParts(new Date(), zone).date;
}
