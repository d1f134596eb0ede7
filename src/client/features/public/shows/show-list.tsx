import { Ticket } from "lucide-react";
import { outboundLinks } from "@shared/api/stats";
import type { Show } from "@shared/schemas/shows";
import { SHOW_STATUS_LABELS, sellsTickets, type ShowStatus } from "@shared/show-status";
import { presaleOpen } from "@shared/show-sale";
import { formatShowPrice } from "@shared/format";
import { useBandName } from "@client/lib/band-name";
import { cn } from "@client/lib/cn";
import { useSetting } from "@client/lib/settings";
import { AddToCalendar } from "./calendar-links";
import { OnSaleNotice, useTicketsOnSale } from "./on-sale";
import { PresaleOffer } from "./presale-offer";
import { RsvpForm } from "./rsvp-form";
import { dateParts, supportingActs } from "./show-utils";

const BADGE: Record<Exclude<ShowStatus, "scheduled">, string> = {
  "sold-out": "bg-blood-dark text-bone",
  cancelled: "border border-bone text-bone",
  postponed: "bg-amber text-ink",
};

/** Sold Out, Cancelled or Postponed, in words (a struck-through row alone says nothing to a screen reader). */
export function StatusBadge({ status, className }: { status: ShowStatus | undefined; className?: string }) {
  if (!status || status === "scheduled" || !(status in BADGE)) return null;
  return (
    <span className={cn("inline-block px-2 py-0.5 font-display text-base leading-6 tracking-wider uppercase", BADGE[status], className)}>{SHOW_STATUS_LABELS[status]}</span>
  );
}

/** Upcoming shows: date block, venue and its state, details, tickets and 'Add to calendar'. */
export function ShowList({ shows }: { shows: Show[] }) {
  const bandName = useBandName();
  const timeZone = useSetting("timezone").value;
  return (
    <ol className="border-t-2 border-bone">
      {shows.map((show) => (
        <ShowItem key={show.id} show={show} bandName={bandName} timeZone={timeZone} />
      ))}
    </ol>
  );
}

function ShowItem({ show, bandName, timeZone }: { show: Show; bandName: string; timeZone: string }) {
  const d = dateParts(show.date);
  const acts = supportingActs(show.supportingActs as string | string[]);
  const cancelled = show.status === "cancelled";
  const struck = cancelled && "line-through decoration-blood decoration-2";
  return (
    <li id={`show-${show.id}`} className="group grid grid-cols-[4.5rem_1fr] gap-x-4 gap-y-3 border-b border-smoke py-6 sm:grid-cols-[6rem_1fr_auto] sm:items-center sm:gap-x-8">
      <time dateTime={show.date} className={cn("row-span-2 flex flex-col items-center justify-center self-start bg-bone py-2 text-ink sm:row-span-1", cancelled && "opacity-50")}>
        <span className="text-xs font-bold tracking-[0.2em] uppercase">{d.month}</span>
        <span className="font-display text-4xl leading-none sm:text-5xl">{d.day}</span>
        <span className="text-[0.65rem] font-bold tracking-widest uppercase">{d.weekday}</span>
      </time>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className={cn("font-display text-3xl leading-none uppercase transition group-hover:text-blood sm:text-4xl", struck, cancelled && "text-dust")}>{show.venue}</h3>
          <StatusBadge status={show.status} />
        </div>
        <p className={cn("mt-1 text-dust", struck)}>{show.location}</p>
        {acts.length > 0 && <p className={cn("mt-2 text-sm text-bone/80", struck)}>with {acts.join(", ")}</p>}
        <dl className={cn("mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm", cancelled && "text-dust")}>
          <div className="flex gap-1.5"><dt className="text-dust">Time</dt><dd className="font-semibold">{show.time}</dd></div>
          <div className="flex gap-1.5"><dt className="text-dust">Price</dt><dd className="font-semibold">{formatShowPrice(show.price)}</dd></div>
          <div className="flex gap-1.5"><dt className="sr-only">Age restriction</dt><dd className="border border-dust/50 px-1.5 text-xs leading-5 font-bold uppercase">{show.ageRestriction}</dd></div>
        </dl>
        {!cancelled && <AddToCalendar show={show} bandName={bandName} timeZone={timeZone} />}
        {presaleOpen(show) && <PresaleOffer show={show} timeZone={timeZone} />}
      </div>
      <div className="col-start-2 sm:col-start-3">
        <TicketAction show={show} timeZone={timeZone} />
      </div>
      {/* its own row under the details (and the tickets), so opening it leaves the row above as it was */}
      {!cancelled && <RsvpForm show={show} className="col-start-2 sm:col-[2/-1]" />}
    </li>
  );
}

/**
 * The ticket link while tickets sell; none for a sold-out or cancelled show (the badge says why);
 * 'On sale <date>' until the show's on-sale time (issue 24).
 */
function TicketAction({ show, timeZone }: { show: Show; timeZone: string }) {
  const onSale = useTicketsOnSale(show);
  if (!sellsTickets(show.status)) return null;
  if (!onSale) return <OnSaleNotice show={show} timeZone={timeZone} />;
  // through /go/show/:id, which counts the click and sends the fan on to the ticket link (issue 23)
  if (show.eventUrl) {
    return (
      <a href={outboundLinks.show(show.id)} target="_blank" rel="noopener noreferrer" aria-label={`Tickets for ${show.venue}, ${show.location}`}
        className="inline-flex items-center gap-2 bg-blood-dark px-5 py-2.5 font-display text-xl uppercase transition hover:bg-blood">
        <Ticket aria-hidden="true" className="h-5 w-5" /> Tickets
      </a>
    );
  }
  return <span className="inline-block border border-smoke px-4 py-2 text-sm font-bold tracking-wider text-dust uppercase">At the door</span>;
}
