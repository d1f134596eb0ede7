import { calendarDay, formatDate } from "@shared/format";
import type { Interval, Point } from "@shared/stats-points";

/**
 * The Insights page's range: a preset counted back from the band's today, or two days the admin
 * picked, and whether the chart shows days or weeks. It lives in the URL query, so a reload (or a
 * link sent to a bandmate) shows the same range: `?range=7d`, `?from=2026-11-01&to=2026-11-30`,
 * `&by=week`. Days are the band's days, 'YYYY-MM-DD'.
 */

export const PRESETS = [
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
  { value: "year", label: "This year" },
] as const;
export type Preset = (typeof PRESETS)[number]["value"];
export const DEFAULT_PRESET: Preset = "30d";

export type { Interval } from "@shared/stats-points";

export interface RangeChoice {
  /** a preset, or "custom" for two picked days */
  preset: Preset | "custom";
  /** custom only */
  from?: string;
  to?: string;
  by: Interval;
}

export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// a real day: '2026-02-30' is refused, not read as March 2
const isDay = (value: string | null): value is string => !!value && DAY.test(value) && calendarDay(value)?.toISOString().slice(0, 10) === value;
const isPreset = (value: string | null): value is Preset => PRESETS.some((p) => p.value === value);

/** What the URL query asks for; anything it cannot read falls back to the last 30 days by day. */
export function readChoice(search: string): RangeChoice {
  const q = new URLSearchParams(search);
  const by: Interval = q.get("by") === "week" ? "week" : "day";
  const from = q.get("from");
  const to = q.get("to");
  if (isDay(from) && isDay(to) && from <= to) return { preset: "custom", from, to, by };
  const range = q.get("range");
  return { preset: isPreset(range) ? range : DEFAULT_PRESET, by };
}

/** The URL query of a choice (the default range and 'day' are left out). */
export function writeChoice(choice: RangeChoice): string {
  const q = new URLSearchParams();
  if (choice.preset === "custom") {
    q.set("from", choice.from!);
    q.set("to", choice.to!);
  } else if (choice.preset !== DEFAULT_PRESET) {
    q.set("range", choice.preset);
  }
  if (choice.by === "week") q.set("by", "week");
  return q.toString();
}

/** 'YYYY-MM-DD' moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = calendarDay(day)!;
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days from..to, both included. */
export function daysIn(range: DayRange): number {
  return Math.round((calendarDay(range.to)!.getTime() - calendarDay(range.from)!.getTime()) / 86_400_000) + 1;
}

/** The days a choice covers, given the band's today. */
export function rangeOf(choice: RangeChoice, today: string): DayRange {
  switch (choice.preset) {
    case "custom":
      return { from: choice.from!, to: choice.to! };
    case "7d":
      return { from: addDays(today, -6), to: today };
    case "30d":
      return { from: addDays(today, -29), to: today };
    case "90d":
      return { from: addDays(today, -89), to: today };
    case "year":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** 'previous 30 days', 'previous day' */
export function previousLabel(range: DayRange): string {
  const n = daysIn(range);
  return n === 1 ? "previous day" : `previous ${n.toLocaleString("en-US")} days`;
}

/** 'Nov 1 – Nov 30, 2026', or 'Dec 20, 2025 – Jan 5, 2026' across a year; one day alone. */
export function rangeLabel(range: DayRange): string {
  if (range.from === range.to) return formatDate(range.from);
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  const start = sameYear ? formatDate(range.from).replace(/, \d+$/, "") : formatDate(range.from);
  return `${start} – ${formatDate(range.to)}`;
}

/**
 * The change from `previous` to `current` as the summary writes it: '+12%', '−8%', '+0.4%'.
 * null when there is nothing to compare with (the previous range had none).
 */
export function changePercent(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const pct = ((current - previous) / previous) * 100;
  if (pct === 0) return "0%";
  const size = Math.abs(pct);
  const shown = size < 1 ? size.toFixed(1) : Math.round(size).toLocaleString("en-US");
  return `${pct > 0 ? "+" : "−"}${shown}%`;
}

// the days grouped into the chart's points: shared with the CSV export, which groups them the same way
export { pointsOf, type DayFigures, type Point } from "@shared/stats-points";

/**
 * 'Nov 3' (a day) or 'Nov 3 – Nov 9' (a week) for the table and the chart's legend; a week the
 * range cuts says how many days it has ('Nov 1 (1 day)'), so its smaller figures read as what they are.
 */
export function pointLabel(point: Pick<Point, "from" | "to">, by: Interval, withYear = false): string {
  const day = (d: string) => (withYear ? formatDate(d) : formatDate(d).replace(/, \d+$/, ""));
  const label = point.from === point.to ? day(point.from) : `${day(point.from)} – ${day(point.to)}`;
  const span = daysIn(point);
  return by === "week" && span < 7 ? `${label} (${span === 1 ? "1 day" : `${span} days`})` : label;
}
