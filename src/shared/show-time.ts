/**
 * A show's free-text time ('8:00 PM', '20:00', 'Doors 7pm') read leniently as a wall-clock time
 * 'HH:MM' on the show's date; null when it holds no time we can trust (the show is then an
 * all-day event). Pure string work, shared by the server (calendar, JSON-LD) and the public
 * page (the Google Calendar link); turning it into an instant in the band's zone is the
 * server's job (src/server/services/show-start.ts).
 *
 * Rules: the first 12-hour time ('7pm', '7:30 p.m.', '8.30PM') wins, so 'Doors 7pm, show 8pm'
 * starts at doors; without one, the first 'H:MM' or 'HHhMM' on the 24-hour clock; 'noon'.
 */
export function parseShowTime(time: string): string | null {
  const text = time.toLowerCase();
  const twelve = /(?<![\d:.])(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s?m\b\.?/.exec(text);
  if (twelve) {
    const h = Number(twelve[1]);
    const min = Number(twelve[2] ?? 0);
    if (h < 1 || h > 12 || min > 59) return null;
    return hhmm((h % 12) + (twelve[3] === "p" ? 12 : 0), min);
  }
  const day = /(?<![\d:.])(\d{1,2})[:h](\d{2})(?!\d)/.exec(text);
  if (day) {
    const h = Number(day[1]);
    const min = Number(day[2]);
    return h > 23 || min > 59 ? null : hhmm(h, min);
  }
  if (/\bnoon\b/.test(text)) return "12:00";
  return null;
}

/**
 * A time typed the short way ('9pm', '9 p.m.', '9:30pm') written as the site writes times
 * ('9:00 PM', '9:30 PM'), so every show reads alike; anything else ('Doors 7pm', '21:00') stays
 * as typed. The admin's show form tidies the field with it when it is left.
 */
export function tidyShowTime(time: string): string {
  const bare = /^\s*(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s?m\.?\s*$/i.exec(time);
  if (!bare) return time;
  const h = Number(bare[1]);
  const min = Number(bare[2] ?? 0);
  if (h < 1 || h > 12 || min > 59) return time;
  return `${h}:${String(min).padStart(2, "0")} ${bare[3].toUpperCase()}M`;
}

const hhmm = (h: number, min: number) => `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;

/** How long a calendar entry for a show with a start time lasts: a night out, not a minute. */
export const SHOW_HOURS = 3;
