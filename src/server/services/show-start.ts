import { TZDate } from "@date-fns/tz";
import { parseShowTime } from "@shared/show-time";

/**
 * When a show starts: an instant in the band's time zone when its free-text time can be read
 * ('8:00 PM' on 2026-11-01 in America/New_York is 2026-11-02T01:00Z, across the DST change),
 * else the whole day. Zone rules come from @date-fns/tz (the runtime's IANA data), not from
 * our own offset arithmetic.
 */
export type ShowStart =
  | { allDay: true; date: string }
  | { allDay: false; date: string; /** the UTC instant */ start: Date; /** '2026-11-01T20:00:00-05:00' */ local: string };

export function showStart(show: { date: string; time: string }, timeZone: string): ShowStart {
  const time = parseShowTime(show.time);
  if (!time) return { allDay: true, date: show.date };
  const [y, m, d] = show.date.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  const zoned = new TZDate(y, m - 1, d, h, min, 0, timeZone);
  if (Number.isNaN(zoned.getTime())) return { allDay: true, date: show.date };
  return { allDay: false, date: show.date, start: new Date(zoned.getTime()), local: zoned.toISOString().replace(".000", "") };
}
