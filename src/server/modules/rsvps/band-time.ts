import { TZDate } from "@date-fns/tz";
import { calendarDay } from "@shared/format";
import type { ShowInMail } from "../../mail/templates";
import type { ShowState } from "./repository";

/** The hour, band time, at which fans who are going get their reminder the day before the show. */
export const REMINDER_HOUR = 12;

const iso = (d: TZDate) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** The band's today (YYYY-MM-DD) at `now`, in its time zone: a show before it is over. */
export function bandToday(now: Date, timeZone: string): string {
  return iso(new TZDate(now.getTime(), timeZone));
}

/**
 * The day whose shows get their reminder at `now`: the band's tomorrow, from REMINDER_HOUR:00
 * band time on (zone rules from @date-fns/tz, DST included); null in the morning. A round that
 * runs late (the server was down at noon) still finds them until the band's midnight.
 */
export function reminderDay(now: Date, timeZone: string): string | null {
  const local = new TZDate(now.getTime(), timeZone);
  if (local.getHours() < REMINDER_HOUR) return null;
  return iso(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, timeZone));
}

const LONG_DAY = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** 'Saturday, Dec 8, 2026' from a YYYY-MM-DD day (never shifted by a time zone). */
export function longDay(date: string): string {
  const day = calendarDay(date);
  return day ? LONG_DAY.format(day) : date;
}

/** A show as the RSVP mails name it. */
export const showInMail = (s: Pick<ShowState, "date" | "time" | "venue" | "location">): ShowInMail => ({ venue: s.venue, location: s.location, day: longDay(s.date), time: s.time });
