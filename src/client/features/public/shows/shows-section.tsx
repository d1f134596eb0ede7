import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { usePageDay } from "@client/lib/page-day";
import type { Show } from "@shared/api/shows";
import { SectionHeading } from "../ui/section-heading";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { useHomeShows } from "./api";
import { CalendarSubscribe } from "./calendar-links";
import { ShowList } from "./show-list";
import { upcomingShows } from "./show-utils";
import { TownRequestForm } from "./town-request-form";

export const SHOWS_BAD_FORMAT = "Failed to load shows data";
export const SHOWS_FAILED = "Failed to load shows";
export const NO_SHOWS = "No upcoming shows right now. Check back soon, or join the mailing list to hear first.";

export function ShowsSection() {
  const { data, isLoading, error } = useHomeShows();
  const today = usePageDay();
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
        <UpcomingList shows={upcomingShows(data, today)} />
      )}
      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <CalendarSubscribe />
        <Link href="/shows" className="inline-flex min-h-11 items-center gap-2 font-display text-lg tracking-wide uppercase text-dust transition hover:text-bone">
          All shows and past shows <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </Link>
      </div>
      <TownRequestForm />
    </section>
  );
}

/** The upcoming shows, or the empty text. */
export function UpcomingList({ shows }: { shows: Show[] }) {
  if (!shows.length) return <StateMessage>{NO_SHOWS}</StateMessage>;
  return <ShowList shows={shows} />;
}
