import { useQuery } from "@tanstack/react-query";
import { Ticket } from "lucide-react";
import { HOME_SHOWS_KEY } from "@shared/constants";
import type { Show } from "@shared/schemas/entities";
import { formatPrice } from "@shared/format";
import { SectionHeading } from "../ui/section-heading";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { dateParts, supportingActs, upcomingShows } from "./show-utils";

export const SHOWS_BAD_FORMAT = "Failed to load shows data";
export const SHOWS_FAILED = "Failed to load shows";
export const NO_SHOWS = "No upcoming shows right now. Check back soon, or join the mailing list to hear first.";

export function ShowsSection() {
  const { data, isLoading, error } = useQuery<Show[]>({ queryKey: [HOME_SHOWS_KEY] });
  return (
    <section id="shows" aria-labelledby="shows-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <SectionHeading id="shows" index="03" title="Upcoming Shows" kicker="On the road" />
      {isLoading ? (
        <LoadingBlocks count={3} />
      ) : error ? (
        <StateMessage tone="error">{SHOWS_FAILED}</StateMessage>
      ) : !Array.isArray(data) ? (
        <StateMessage tone="error">{SHOWS_BAD_FORMAT}</StateMessage>
      ) : (
        <ShowList shows={upcomingShows(data)} />
      )}
    </section>
  );
}

function ShowList({ shows }: { shows: Show[] }) {
  if (!shows.length) return <StateMessage>{NO_SHOWS}</StateMessage>;
  return (
    <ol className="border-t-2 border-bone">
      {shows.map((show) => {
        const d = dateParts(show.date);
        const acts = supportingActs(show.supportingActs as string | string[]);
        return (
          <li key={show.id} className="group grid grid-cols-[4.5rem_1fr] gap-x-4 gap-y-3 border-b border-smoke py-6 sm:grid-cols-[6rem_1fr_auto] sm:items-center sm:gap-x-8">
            <time dateTime={show.date} className="row-span-2 flex flex-col items-center justify-center self-start bg-bone py-2 text-ink sm:row-span-1">
              <span className="text-xs font-bold tracking-[0.2em] uppercase">{d.month}</span>
              <span className="font-display text-4xl leading-none sm:text-5xl">{d.day}</span>
              <span className="text-[0.65rem] font-bold tracking-widest uppercase">{d.weekday}</span>
            </time>
            <div className="min-w-0">
              <h3 className="font-display text-3xl leading-none uppercase transition group-hover:text-blood sm:text-4xl">{show.venue}</h3>
              <p className="mt-1 text-dust">{show.location}</p>
              {acts.length > 0 && <p className="mt-2 text-sm text-bone/80">with {acts.join(", ")}</p>}
              <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <div className="flex gap-1.5"><dt className="text-dust">Time</dt><dd className="font-semibold">{show.time}</dd></div>
                <div className="flex gap-1.5"><dt className="text-dust">Price</dt><dd className="font-semibold">{formatPrice(show.price)}</dd></div>
                <div className="flex gap-1.5"><dt className="sr-only">Age restriction</dt><dd className="border border-dust/50 px-1.5 text-xs leading-5 font-bold uppercase">{show.ageRestriction}</dd></div>
              </dl>
            </div>
            <div className="col-start-2 sm:col-start-3">
              {show.eventUrl ? (
                <a href={show.eventUrl} target="_blank" rel="noopener noreferrer" aria-label={`Tickets for ${show.venue}, ${show.location}`}
                  className="inline-flex items-center gap-2 bg-blood-dark px-5 py-2.5 font-display text-xl uppercase transition hover:bg-blood">
                  <Ticket aria-hidden="true" className="h-5 w-5" /> Tickets
                </a>
              ) : (
                <span className="inline-block border border-smoke px-4 py-2 text-sm font-bold tracking-wider text-dust uppercase">At the door</span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
