import { calendarDay } from "./format";

/** The Insights chart's and export's step: a point per day, or per calendar week (Monday to Sunday). */
export type Interval = "day" | "week";

export interface DayFigures {
  day: string;
  visitors: number;
  pageviews: number;
}

/** One point of the chart and its table: a day or a week, with the previous range's figures at the same place. */
export interface Point {
  /** first and last day of this range the point covers */
  from: string;
  to: string;
  visitors: number;
  pageviews: number;
  previousVisitors: number;
  previousPageviews: number;
}

/**
 * The chart's points. By day, one per day. By week, calendar weeks from Monday to Sunday (the
 * first and last may be cut by the range); a week's visitors are its days' visitors added up,
 * as the report adds them over a range. The previous range has the same number of days and is
 * laid under this one day by day, so its days are grouped at the same places.
 */
export function pointsOf(series: DayFigures[], previous: DayFigures[], by: Interval): Point[] {
  const groups: number[][] = [];
  series.forEach((d, i) => {
    const monday = calendarDay(d.day)!.getUTCDay() === 1;
    if (by === "day" || i === 0 || monday) groups.push([i]);
    else groups[groups.length - 1].push(i);
  });
  const sum = (list: DayFigures[], indexes: number[], key: "visitors" | "pageviews") => indexes.reduce((n, i) => n + (list[i]?.[key] ?? 0), 0);
  return groups.map((indexes) => ({
    from: series[indexes[0]].day,
    to: series[indexes[indexes.length - 1]].day,
    visitors: sum(series, indexes, "visitors"),
    pageviews: sum(series, indexes, "pageviews"),
    previousVisitors: sum(previous, indexes, "visitors"),
    previousPageviews: sum(previous, indexes, "pageviews"),
  }));
}

