import { TZDate } from "@date-fns/tz";

/**
 * Scheduled newsletters (issue 12) are written in the band's time zone (the `timezone`
 * setting, default America/New_York). Zone rules come from @date-fns/tz (the runtime's IANA
 * data), never from our own offset arithmetic.
 */

/**
 * '2031-12-05' + '19:00' in 'America/New_York' -> '2031-12-05T19:00:00-05:00' (the offset that
 * zone has on that day), or null when the date or time cannot be read.
 */
export function zonedDateTimeToIso(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const zoned = new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), 0, timeZone);
  if (Number.isNaN(zoned.getTime())) return null;
  return zoned.toISOString().replace(".000", "");
}

/** The date ('2031-12-05') and time ('19:00') an instant has in `timeZone`: what the inputs show. */
export function zonedParts(instant: Date, timeZone: string): { date: string; time: string } {
  const iso = new TZDate(instant.getTime(), timeZone).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * 'Fri, Dec 5, 7:00 PM EST' (the year is added when it is not the current one), as the
 * schedule's confirmation and the scheduled list write it.
 */
export function formatScheduledAt(when: string | Date, timeZone: string, now = new Date()): string {
  const at = typeof when === "string" ? new Date(when) : when;
  const year = (d: Date) => new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric" }).format(d);
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(year(at) !== year(now) ? { year: "numeric" } : {}),
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at);
}

/** 'EST' / 'EDT' for America/New_York at `at` ('GMT+1' where English has no abbreviation). */
export function zoneAbbreviation(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "";
}
