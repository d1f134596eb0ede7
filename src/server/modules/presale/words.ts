import { formatDate, formatDateTime } from "@shared/format";
import { zoneAbbreviation } from "@shared/newsletter-schedule";

const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });

/** 'Sat, Mar 8, 2031' from a show's YYYY-MM-DD (never shifted by a time zone): how the presale mails name the day. */
export function showDayWords(date: string): string {
  return `${WEEKDAY.format(new Date(`${date}T00:00:00Z`))}, ${formatDate(date)}`;
}

/** 'Mar 1, 2031 10:00 AM EST' in the band's zone, or null when the instant has passed (or there is none). */
export function aheadInBandTime(at: Date | null, timeZone: string, now = new Date()): string | null {
  if (!at || at.getTime() <= now.getTime()) return null;
  return `${formatDateTime(at, timeZone)} ${zoneAbbreviation(timeZone, at)}`.trim();
}
