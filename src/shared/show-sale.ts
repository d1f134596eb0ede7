/**
 * When a show's tickets are on sale (issue 24, decision 036). Zod-free: the public pages, the
 * server's page builder and the mails read it.
 *
 * A show with `onSaleAt` shows 'On sale <date>' instead of its ticket link until that instant.
 * The switch happens without any write, so whatever draws it from a time says which time:
 * a page is drawn as of an instant (`saleClock`), and its cached HTML lasts until the next switch.
 */
import { sellsTickets, type ShowStatus } from "./show-status";

interface SaleTimes {
  onSaleAt?: string | Date | null;
}

const instant = (value: string | Date | null | undefined): number | null => {
  if (!value) return null;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

/** The instant tickets go on sale (ms), or null when they are on sale already (none set). */
export const onSaleTime = (show: SaleTimes): number | null => instant(show.onSaleAt);

/** Whether the ticket link shows at `at` (ms): no on-sale time, or it has come. */
export function ticketsOnSaleAt(show: SaleTimes, at: number): boolean {
  const from = onSaleTime(show);
  return from === null || at >= from;
}

/**
 * The time a page drawn at `now` from `shows` is drawn as of, and when it goes stale:
 * `asOf` is the latest on-sale instant that has passed (null: none has, so every show with one
 * is 'On sale <date>'), `until` the next one (null: nothing changes by itself). The page reads
 * the same at `asOf` as at `now`, and `asOf` stays the same across rebuilds until a switch, so
 * an unchanged page keeps its bytes (and its ETag).
 */
export function saleClock(shows: readonly SaleTimes[], now: number): { asOf: number | null; until: number | null } {
  let asOf: number | null = null;
  let until: number | null = null;
  for (const show of shows) {
    const at = onSaleTime(show);
    if (at === null) continue;
    if (at <= now) asOf = asOf === null ? at : Math.max(asOf, at);
    else until = until === null ? at : Math.min(until, at);
  }
  return { asOf, until };
}

/** A presale fans can ask the code of: the show has one and still sells tickets (not sold out or cancelled). */
export const presaleOpen = (show: { hasPresale?: boolean; status?: ShowStatus }) => Boolean(show.hasPresale) && sellsTickets(show.status);

/**
 * The one answer to POST /api/shows/{id}/presale, whatever the address (issue 24): it never says
 * whether an address is on the list. The page adds the link to the signup form.
 */
export const PRESALE_ANSWER = "If you're on the mailing list, the code is on its way to your inbox. Not on the list yet? Join it, confirm your address, then ask again.";
export const NO_PRESALE = "This show has no presale";
