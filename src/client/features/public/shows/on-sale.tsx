import { useCallback, useSyncExternalStore } from "react";
import type { Show } from "@shared/api/shows";
import { formatDateTime } from "@shared/format";
import { onSaleTime, ticketsOnSaleAt } from "@shared/show-sale";
import { usePageAsOf } from "@client/lib/page-day";

/** setTimeout's longest wait (~24.8 days); a later on-sale time is waited for in steps. */
const LONGEST_WAIT = 2 ** 31 - 1;

/**
 * Whether a show's ticket link shows (issue 24, decision 036): no on-sale time, or it has come.
 * The server's render and the browser's first (hydrating) render read it as of the instant the
 * page was drawn as of (`InitialPage.asOf`), so both draw the same HTML; right after, the clock
 * decides, and a page left open switches to the ticket link when the time comes.
 */
export function useTicketsOnSale(show: Pick<Show, "onSaleAt">): boolean {
  const asOf = usePageAsOf();
  const at = onSaleTime(show);
  const subscribe = useCallback(
    (changed: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      // A timer may fire a millisecond before Date.now() reaches the time (timers run on a
      // monotonic clock, Date.now() is rounded), and React ignores a 'changed' whose snapshot did
      // not change: so wait again until the clock agrees, instead of staying 'On sale' for good.
      const waitForIt = () => {
        const wait = at === null ? 0 : at - Date.now();
        if (wait > 0) timer = setTimeout(() => (changed(), waitForIt()), Math.min(wait, LONGEST_WAIT));
      };
      waitForIt();
      return () => clearTimeout(timer);
    },
    [at],
  );
  return useSyncExternalStore(
    subscribe,
    () => ticketsOnSaleAt(show, Date.now()),
    () => ticketsOnSaleAt(show, asOf ?? Date.now()),
  );
}

/** 'On sale Mar 1, 2031 10:00 AM' (the band's time zone), where the ticket link will be. */
export function OnSaleNotice({ show, timeZone }: { show: Pick<Show, "onSaleAt">; timeZone: string }) {
  const when = show.onSaleAt ? new Date(show.onSaleAt) : null;
  return (
    <p className="inline-flex flex-col border border-bone/60 px-4 py-2 text-sm leading-tight">
      <span className="font-display text-xl tracking-wide uppercase">On sale</span>{" "}
      <time dateTime={when?.toISOString()} className="font-semibold text-dust">
        {formatDateTime(when, timeZone)}
      </time>
    </p>
  );
}
