import { formatDate } from "@shared/format";

const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });

/** 'Sat, Mar 8, 2031' from a show's YYYY-MM-DD (never shifted by a time zone): how the presale mails name the day. */
export function showDayWords(date: string): string {
  return `${WEEKDAY.format(new Date(`${date}T00:00:00Z`))}, ${formatDate(date)}`;
}

// the show announcement words the on-sale time the same way (shared/show-announcement.ts)
export { aheadInBandTime } from "@shared/show-announcement";
