import { useEffect, useId, useRef, useState } from "react";
import type { ShowStats, StatsReport } from "@shared/api/stats";
import { formatDate } from "@shared/format";
import { regionName } from "@shared/regions";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api-client";
import { useShowStats } from "./api";
import { TableCard } from "./breakdowns";
import { StatsTable } from "./stats-table";
import { count } from "./summary";
import { countryName } from "./visitor-map";

type Click = StatsReport["clicks"][number];

/** 'The Pour House, Raleigh, NC (2026-12-05)' -> '... (Dec 5, 2026)': the report's label, its date as the admin reads dates. */
export const showLabel = (label: string) => label.replace(/\((\d{4}-\d{2}-\d{2})\)$/, (_, day: string) => `(${formatDate(day)})`);

function Figure({ label, children, note }: { label: string; children: React.ReactNode; note?: string }) {
  return (
    <div className="rounded-md border border-smoke p-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-dust">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-bone">{children}</dd>
      {note && <dd className="mt-1 text-xs text-dust">{note}</dd>}
    </div>
  );
}

function ShowFiguresBody({ stats }: { stats: ShowStats }) {
  const region = stats.region ? regionName(stats.region) : null;
  const daysWithClicks = stats.clicksByDay.filter((d) => d.clicks > 0);
  return (
    <>
      <p className="text-sm text-dust">
        {formatDate(stats.date)} · {stats.location} · announced {formatDate(stats.announcedOn)}
      </p>
      <dl className="mt-3 grid gap-3 md:grid-cols-3">
        <Figure label="Visitors to the shows page" note="Since the show was announced.">
          {count(stats.showsPageVisitors)}
        </Figure>
        <Figure label="Ticket clicks" note="Since the show was announced.">
          {count(stats.ticketClicks)}
        </Figure>
        {stats.subscribersInRegion === null || region === null ? (
          <Figure label="New subscribers nearby" note={`The show's location (${stats.location}) names no state or country, so no region's subscribers can be counted.`}>
            —
          </Figure>
        ) : (
          <Figure label={`New subscribers in ${region}`} note="Joined since the show was announced.">
            {count(stats.subscribersInRegion)}
          </Figure>
        )}
      </dl>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="min-w-0">
          <h4 className="mb-1 text-sm font-semibold text-bone">Ticket clicks by city</h4>
          <StatsTable
            caption="Ticket clicks by city"
            rows={stats.clicksByCity}
            rowKey={(c) => `${c.country}\t${c.region}\t${c.city}`}
            empty="No ticket clicks yet."
            className="rounded-md border border-smoke"
            columns={[
              { header: "City", cell: (c) => (c.city === "unknown" ? "Unknown" : c.city) },
              { header: "Region", cell: (c) => (c.region === "unknown" ? "Unknown" : c.region) },
              { header: "Country", cell: (c) => countryName(c.country, true) },
              { header: "Clicks", numeric: true, cell: (c) => count(c.clicks) },
            ]}
          />
        </div>
        <div className="min-w-0">
          <h4 className="mb-1 text-sm font-semibold text-bone">Ticket clicks by day</h4>
          <StatsTable
            caption="Ticket clicks by day"
            rows={daysWithClicks}
            rowKey={(d) => d.day}
            empty="No ticket clicks yet."
            className="max-h-72 overflow-y-auto rounded-md border border-smoke"
            columns={[
              { header: "Day", cell: (d) => formatDate(d.day) },
              { header: "Clicks", numeric: true, cell: (d) => count(d.clicks) },
            ]}
          />
        </div>
      </div>
    </>
  );
}

/** One show's figures since it was announced (GET /api/admin/stats/shows/:id), under the table. */
function ShowFigures({ click, id, onClose }: { click: Click; id: string; onClose: () => void }) {
  const query = useShowStats(click.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), [click.id]);
  return (
    <section id={id} aria-labelledby={headingId} aria-busy={query.isFetching} className="border-t border-smoke px-5 py-4">
      <div className="mb-1 flex items-start justify-between gap-3">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold text-bone focus:outline-none">
          {showLabel(click.label)}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      {query.isPending ? (
        <div className="space-y-3" aria-label="Loading the show's figures">
          <Skeleton className="h-4 w-64" />
          <div className="grid gap-3 md:grid-cols-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 py-2 text-sm">
          <p className="text-red-400">Could not load this show&apos;s figures: {errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ShowFiguresBody stats={query.data} />
      )}
    </section>
  );
}

/** Ticket clicks per show in the range; a show's Figures button opens its own figures. */
export function ShowsCard({ clicks }: { clicks: Click[] }) {
  const shows = clicks.filter((c) => c.kind === "show");
  const [open, setOpen] = useState<Click | null>(null);
  const panelId = useId();
  // Close gives the focus back to the show's button
  const opener = useRef<HTMLButtonElement | null>(null);
  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };
  const chosen = open && shows.find((s) => s.id === open.id) ? open : null;
  return (
    <TableCard title="Ticket clicks per show" description="Clicks on each show's ticket link in this range. Open a show for its figures since it was announced." className="mt-4">
      <StatsTable
        caption="Ticket clicks per show"
        rows={shows}
        rowKey={(s) => s.id}
        empty="No ticket links clicked in this range."
        columns={[
          { header: "Show", cell: (s) => showLabel(s.label) },
          { header: "Ticket clicks", numeric: true, cell: (s) => count(s.clicks) },
          {
            header: "Figures",
            className: "w-px text-right",
            cell: (s) => (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Figures for ${showLabel(s.label)}`}
                aria-expanded={chosen?.id === s.id}
                aria-controls={chosen?.id === s.id ? panelId : undefined}
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setOpen(chosen?.id === s.id ? null : s);
                }}
              >
                Figures
              </Button>
            ),
          },
        ]}
      />
      {chosen && <ShowFigures key={chosen.id} click={chosen} id={panelId} onClose={close} />}
    </TableCard>
  );
}
