import type { Show } from "@shared/api/shows";
import { formatDateTime } from "@shared/format";
import { onSaleTime } from "@shared/show-sale";
import { useTimeReached } from "@client/lib/use-time-reached";

/**
 * Whether a show's ticket link shows (issue 24, decision 036): no on-sale time, or it has come
 * (as of the page's instant while hydrating, then by the clock: `useTimeReached`).
 */
export function useTicketsOnSale(show: Pick<Show, "onSaleAt">): boolean {
  return useTimeReached(onSaleTime(show));
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
