import type { Show } from "@shared/schemas/shows";
import { calendarDay, formatShowPrice } from "@shared/format";
import { SHOW_HOURS, parseShowTime } from "@shared/show-time";

/** Supporting acts arrive as a comma string; the public side also accepts a list. */
export function supportingActs(value: string | string[] | null | undefined): string[] {
  const list = Array.isArray(value) ? value : String(value ?? "").split(",");
  return list.map((a) => String(a).trim()).filter(Boolean);
}

/** Shows dated `today` or later, soonest first. `today` is the page's day (usePageDay), not the clock: see decision 017. */
export function upcomingShows(shows: Show[], today: string): Show[] {
  return shows.filter((s) => typeof s.date === "string" && s.date.slice(0, 10) >= today).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

// A show's date is a calendar day: read and named in UTC, so no time zone moves it.
const MONTH = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });
const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
/** 'Jan', '5', 'Sun', 2025 from a YYYY-MM-DD date (empty names when it is not one). */
export function dateParts(iso: string) {
  const [y, , d] = iso.slice(0, 10).split("-").map(Number);
  const day = calendarDay(iso);
  return { month: day ? MONTH.format(day) : "", day: String(d ?? ""), weekday: day ? WEEKDAY.format(day) : "", year: y };
}

/** Past shows (newest first) in runs of one year each, in the order given. */
export function byYear(shows: Show[]): { year: number; shows: Show[] }[] {
  const groups: { year: number; shows: Show[] }[] = [];
  for (const show of shows) {
    const year = Number(show.date.slice(0, 4));
    const last = groups.at(-1);
    if (last?.year === year) last.shows.push(show);
    else groups.push({ year, shows: [show] });
  }
  return groups;
}

/**
 * 'Add to Google Calendar' for one show. A readable time goes as wall-clock time with the
 * band's zone (ctz), so Google does the zone rules; otherwise the show is all day. Only
 * calendar-day arithmetic here (the end is SHOW_HOURS later, maybe past midnight).
 */
export function googleCalendarUrl(show: Show, bandName: string, timeZone: string): string {
  const time = parseShowTime(show.time);
  const [y, m, d] = show.date.slice(0, 10).split("-").map(Number);
  const stamp = (date: Date, withTime: boolean) => date.toISOString().slice(0, withTime ? 19 : 10).replace(/[-:]/g, "");
  let dates: string;
  if (time) {
    const [h, min] = time.split(":").map(Number);
    const start = new Date(Date.UTC(y, m - 1, d, h, min));
    dates = `${stamp(start, true)}/${stamp(new Date(start.getTime() + SHOW_HOURS * 3_600_000), true)}`;
  } else {
    dates = `${stamp(new Date(Date.UTC(y, m - 1, d)), false)}/${stamp(new Date(Date.UTC(y, m - 1, d + 1)), false)}`;
  }
  const acts = supportingActs(show.supportingActs as string | string[]);
  const details = [acts.length ? `With ${acts.join(", ")}` : "", `Time: ${show.time}`, `Ages: ${show.ageRestriction}`, `Price: ${formatShowPrice(show.price)}`, show.eventUrl ? `Tickets: ${show.eventUrl}` : ""]
    .filter(Boolean)
    .join("\n");
  const params = new URLSearchParams({ action: "TEMPLATE", text: `${bandName} at ${show.venue}`, dates, details, location: `${show.venue}, ${show.location}` });
  if (time) params.set("ctz", timeZone);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
