import { formatDate, formatDateTime, formatShowPrice } from "./format";
import { zoneAbbreviation } from "./newsletter-schedule";
import type { Show } from "./schemas/shows";
import { SHOW_STATUS_LABELS, sellsTickets, type ShowStatus } from "./show-status";

/** A show as the admin table holds it; supporting acts may still be a list, the status may be missing. */
type AnnouncedShow = Omit<Show, "id" | "revision" | "createdAt" | "updatedAt" | "supportingActs" | "status" | "onSaleAt" | "presaleStartsAt" | "hasPresale" | "lat" | "lng"> & {
  supportingActs: string | string[];
  status?: ShowStatus;
};

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** 'Mar 1, 2031 10:00 AM EST' in the band's zone, or null when the instant has passed (or there is none). */
export function aheadInBandTime(at: Date | null, timeZone: string, now = new Date()): string | null {
  if (!at || at.getTime() <= now.getTime()) return null;
  return `${formatDateTime(at, timeZone)} ${zoneAbbreviation(timeZone, at)}`.trim();
}

/**
 * The newsletter draft 'Announce' opens in the composer: a subject and basic HTML (the
 * composer's format) with the show's date, venue, city, time, price, age, supporting acts and
 * ticket link. Every value is escaped; the admin edits it and sends as usual. `onSale`: when
 * tickets go on sale, worded (aheadInBandTime), while that is still ahead: the mail then says so
 * instead of 'Get tickets', as the site shows 'On sale <date>' instead of the ticket link.
 */
export function announcementDraft(show: AnnouncedShow, bandName: string, onSale: string | null = null): { subject: string; content: string } {
  const [y, m, d] = show.date.slice(0, 10).split("-").map(Number);
  const when = `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${formatDate(show.date.slice(0, 10))}`;
  const acts = (Array.isArray(show.supportingActs) ? show.supportingActs : show.supportingActs.split(",")).map((a) => a.trim()).filter(Boolean);
  const state = show.status && show.status !== "scheduled" ? SHOW_STATUS_LABELS[show.status] : null;
  const subject = `${state ? `${state}: ` : "New show: "}${bandName} at ${show.venue}, ${formatDate(show.date.slice(0, 10))}`;
  const row = (label: string, value: string) => `  <li><strong>${label}:</strong> ${escape(value)}</li>`;
  const lines = [
    `<p>${state ? `<strong>${escape(state)}.</strong> ` : ""}${escape(bandName)} live at <strong>${escape(show.venue)}</strong> in ${escape(show.location)}.</p>`,
    "<ul>",
    row("Date", when),
    row("Venue", `${show.venue}, ${show.location}`),
    row("Time", show.time),
    row("Price", formatShowPrice(show.price)),
    row("Age", show.ageRestriction),
    ...(acts.length ? [row("With", acts.join(", "))] : []),
    "</ul>",
    !sellsTickets(show.status)
      ? null
      : onSale
        ? `<p>Tickets go on sale <strong>${escape(onSale)}</strong>${show.eventUrl ? `: <a href="${escape(show.eventUrl)}">the ticket page</a>` : ""}.</p>`
        : show.eventUrl
          ? `<p><a href="${escape(show.eventUrl)}">Get tickets</a></p>`
          : null,
    "<p>See you up front.</p>",
  ];
  return { subject, content: lines.filter((l): l is string => l !== null).join("\n") };
}
