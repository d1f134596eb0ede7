import { useQueries } from "@tanstack/react-query";
import { useState } from "react";
import { PAST_SHOWS_PAGE, type Show } from "@shared/api/shows";
import { cn } from "@client/lib/cn";
import { usePageDay } from "@client/lib/page-day";
import { PageHero } from "../ui/page-hero";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { usePageTitle } from "../ui/use-page-title";
import { pastShowsQuery, useUpcomingShows } from "./api";
import { CalendarSubscribe } from "./calendar-links";
import { StatusBadge } from "./show-list";
import { SHOWS_BAD_FORMAT, SHOWS_FAILED, UpcomingList } from "./shows-section";
import { byYear, dateParts, supportingActs, upcomingShows } from "./show-utils";

export const NO_PAST_SHOWS = "No past shows yet.";

/** /shows: every upcoming show, then the archive grouped by year, newest first. */
export default function ShowsPage() {
  usePageTitle("Shows");
  const upcoming = useUpcomingShows();
  const today = usePageDay();
  return (
    <main>
      <PageHero kicker="Live" title="Shows" lead="Where we play next, and everywhere we have played. Subscribe and your calendar keeps up with us." />
      <section aria-labelledby="upcoming-title" className="mx-auto max-w-6xl px-4 pt-12 sm:px-6 sm:pt-16">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <h2 id="upcoming-title" className="font-display text-4xl leading-none uppercase sm:text-5xl">Upcoming Shows</h2>
          <CalendarSubscribe />
        </div>
        {upcoming.isLoading ? (
          // a screen high, so the footer stays out of view until the shows arrive (no layout shift)
          <LoadingBlocks count={3} fillScreen itemClassName="h-40" />
        ) : upcoming.error ? (
          <StateMessage tone="error">{SHOWS_FAILED}</StateMessage>
        ) : !Array.isArray(upcoming.data) ? (
          <StateMessage tone="error">{SHOWS_BAD_FORMAT}</StateMessage>
        ) : (
          <UpcomingList shows={upcomingShows(upcoming.data, today)} />
        )}
      </section>
      <PastShows />
    </main>
  );
}

/** The first `pages` pages of the archive (here, not in api.ts, so useQueries stays out of the home page's chunk). */
const usePastShowPages = (pages: number) => useQueries({ queries: Array.from({ length: pages }, (_, i) => pastShowsQuery(i)) });

/** The archive a page at a time (the first page came inlined with the HTML). */
function PastShows() {
  const [pages, setPages] = useState(1);
  const results = usePastShowPages(pages);
  const first = results[0];
  const last = results[results.length - 1];
  const loaded = results.flatMap((r) => (Array.isArray(r.data) ? (r.data as Show[]) : []));
  const more = Array.isArray(last.data) && last.data.length === PAST_SHOWS_PAGE;
  return (
    <section aria-labelledby="past-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <h2 id="past-title" className="mb-6 font-display text-4xl leading-none uppercase sm:text-5xl">Past Shows</h2>
      {first.isLoading ? (
        <LoadingBlocks count={3} itemClassName="h-14" />
      ) : first.error ? (
        <StateMessage tone="error">{SHOWS_FAILED}</StateMessage>
      ) : !Array.isArray(first.data) ? (
        <StateMessage tone="error">{SHOWS_BAD_FORMAT}</StateMessage>
      ) : !loaded.length ? (
        <StateMessage>{NO_PAST_SHOWS}</StateMessage>
      ) : (
        <div className="space-y-10">
          {byYear(loaded).map((group) => (
            <section key={group.year} aria-labelledby={`year-${group.year}`}>
              <h3 id={`year-${group.year}`} className="mb-3 font-display text-5xl leading-none text-dust sm:text-6xl">{group.year}</h3>
              <ol className="border-t border-smoke">
                {group.shows.map((show) => (
                  <PastShow key={show.id} show={show} />
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
      {(more || (pages > 1 && last.isFetching)) && (
        <button
          type="button"
          onClick={() => setPages((n) => n + 1)}
          disabled={last.isFetching}
          className="mt-8 inline-flex min-h-11 items-center border-2 border-bone px-5 py-2 font-display text-lg tracking-wide uppercase transition hover:bg-bone hover:text-ink disabled:opacity-60"
        >
          {last.isFetching ? "Loading..." : "Show older shows"}
        </button>
      )}
      {last.error && pages > 1 && <StateMessage tone="error" className="mt-4">{SHOWS_FAILED}</StateMessage>}
    </section>
  );
}

function PastShow({ show }: { show: Show }) {
  const d = dateParts(show.date);
  const acts = supportingActs(show.supportingActs as string | string[]);
  const cancelled = show.status === "cancelled";
  return (
    <li className="grid grid-cols-[4.5rem_1fr] items-baseline gap-x-4 border-b border-smoke py-3 sm:grid-cols-[6rem_1fr] sm:gap-x-8">
      <time dateTime={show.date} className="text-sm font-bold tracking-widest text-dust uppercase">
        {d.month} {d.day}
      </time>
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
        <h4 className={cn("font-display text-2xl leading-tight uppercase", cancelled && "text-dust line-through decoration-blood decoration-2")}>{show.venue}</h4>
        <span className={cn("text-dust", cancelled && "line-through")}>{show.location}</span>
        {acts.length > 0 && <span className="text-sm text-bone/70">with {acts.join(", ")}</span>}
        <StatusBadge status={show.status} className="text-sm leading-5" />
      </div>
    </li>
  );
}
