import { CalendarPlus, CalendarSync } from "lucide-react";
import { useSyncExternalStore } from "react";
import { showsApi, type Show } from "@shared/api/shows";
import { formatDate } from "@shared/format";
import { cn } from "@client/lib/cn";
import { usePageOrigin } from "@client/lib/page-day";
import { googleCalendarUrl } from "./show-utils";

export const FEED_PATH = showsApi.calendar;

/**
 * 'Subscribe to calendar': the feed as webcal:// (calendar apps subscribe and keep it up to
 * date) and as https (to paste into 'add calendar from URL').
 */
export function CalendarSubscribe({ className }: { className?: string }) {
  const origin = useSiteOrigin();
  const host = origin ? new URL(origin).host : "";
  const https = origin ? `${origin}${FEED_PATH}` : FEED_PATH;
  return (
    <div className={cn("flex flex-wrap items-center gap-x-4 gap-y-2 text-sm", className)}>
      <a
        href={`webcal://${host}${FEED_PATH}`}
        className="inline-flex min-h-11 items-center gap-2 border-2 border-bone px-4 py-2 font-display text-lg tracking-wide uppercase transition hover:bg-bone hover:text-ink"
      >
        <CalendarSync aria-hidden="true" className="h-5 w-5" /> Subscribe to calendar
      </a>
      <a href={https} className="text-dust underline decoration-dust/50 underline-offset-4 hover:text-bone" aria-label="Calendar feed address (https), to add by URL">
        Calendar feed (https)
      </a>
    </div>
  );
}

const unchanging = () => () => {};
/**
 * The site's address: the page's (PUBLIC_URL, inlined by the server) in the server's render and
 * while the browser hydrates that HTML, so both draw the same whole links and a visitor without
 * JavaScript gets them too (issue 21); the browser's own address right after.
 */
function useSiteOrigin(): string | null {
  const pageOrigin = usePageOrigin();
  return useSyncExternalStore(unchanging, () => window.location.origin, () => pageOrigin);
}

/** 'Add to calendar' for one show: its own .ics file, and a Google Calendar link. */
export function AddToCalendar({ show, bandName, timeZone }: { show: Show; bandName: string; timeZone: string }) {
  const what = `${show.venue}, ${formatDate(show.date)}`;
  const link = "inline-flex min-h-6 items-center gap-1.5 text-dust underline decoration-dust/40 underline-offset-4 hover:text-bone";
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <a href={showsApi.showCalendar(show.id)} className={link} aria-label={`Add to calendar: ${what}`}>
        <CalendarPlus aria-hidden="true" className="h-4 w-4" /> Add to calendar
      </a>
      <a href={googleCalendarUrl(show, bandName, timeZone)} target="_blank" rel="noopener noreferrer" className={link} aria-label={`Google Calendar: ${what} (opens in a new tab)`}>
        Google Calendar
      </a>
    </p>
  );
}
