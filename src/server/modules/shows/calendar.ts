import ical, { ICalEventStatus } from "ical-generator";
import type { ShowStatus } from "@shared/show-status";
import { SHOW_STATUS_LABELS } from "@shared/show-status";
import { formatShowPrice } from "@shared/format";
import { SHOW_HOURS } from "@shared/show-time";
import type { PublicShowRow } from "../../services/public-reads/shows";

/** What the calendar reads of a show: its public columns (never the presale code), not the public answer's extras. */
type ShowRow = Omit<PublicShowRow, "hasPresale" | "rsvps">;
import { showStart } from "../../services/show-start";

export interface CalendarSite {
  bandName: string;
  timeZone: string;
  baseUrl: string;
}

/** How far back the feed reaches: a fan's calendar keeps the shows they just went to. */
export const FEED_PAST_DAYS = 90;

const STATUS: Record<ShowStatus, ICalEventStatus> = {
  scheduled: ICalEventStatus.CONFIRMED,
  "sold-out": ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
  // the date no longer holds; a new one may follow
  postponed: ICalEventStatus.TENTATIVE,
};

/**
 * An RFC 5545 calendar of shows, written by ical-generator (escaping, CRLF, folding at 75
 * octets). Times are UTC instants worked out in the band's zone, so no VTIMEZONE is needed;
 * a show whose time cannot be read is an all-day event on its date. UIDs are per show and
 * never change; SEQUENCE is the show's revision, which every update raises, so subscribed
 * calendars replace their copy. DTSTAMP is the show's last change (the calendar has no
 * METHOD, RFC 5545 3.8.7.2), which keeps the bytes, and so the ETag, stable between writes.
 */
export function showsCalendar(site: CalendarSite, rows: ShowRow[], name = `${site.bandName} shows`): string {
  const host = new URL(site.baseUrl).host;
  const calendar = ical({
    name,
    description: `Live dates of ${site.bandName}.`,
    prodId: { company: site.bandName, product: "Shows", language: "EN" },
    url: `${site.baseUrl}/shows`,
    // calendar apps that honour it look for changes every few hours
    ttl: 6 * 60 * 60,
  });
  for (const show of rows) {
    const start = showStart(show, site.timeZone);
    const label = show.status === "scheduled" ? "" : `${SHOW_STATUS_LABELS[show.status]}: `;
    calendar.createEvent({
      id: `show-${show.id}@${host}`,
      sequence: show.revision,
      stamp: show.updatedAt,
      created: show.createdAt,
      lastModified: show.updatedAt,
      ...(start.allDay
        ? { allDay: true, start: show.date, end: nextDay(show.date) }
        : { start: start.start, end: new Date(start.start.getTime() + SHOW_HOURS * 3_600_000) }),
      summary: `${label}${site.bandName} at ${show.venue}`,
      location: `${show.venue}, ${show.location}`,
      url: show.eventUrl || `${site.baseUrl}/shows`,
      description: describe(show),
      status: STATUS[show.status] ?? ICalEventStatus.CONFIRMED,
    });
  }
  // every content line ends in CRLF, the last one too (RFC 5545 3.4)
  return `${calendar.toString()}\r\n`;
}

function describe(show: ShowRow): string {
  const acts = show.supportingActs
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  return [
    show.status !== "scheduled" ? SHOW_STATUS_LABELS[show.status] : null,
    acts.length ? `With ${acts.join(", ")}` : null,
    `Time: ${show.time}`,
    `Ages: ${show.ageRestriction}`,
    `Price: ${formatShowPrice(show.price)}`,
    show.eventUrl && show.status !== "cancelled" ? `Tickets: ${show.eventUrl}` : null,
  ]
    .filter(Boolean)
    .join("\n");
}

function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
