import { ChartNoAxesCombined, Download } from "lucide-react";
import { useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import type { StatsReport } from "@shared/api/stats";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { PageHeader } from "@client/components/ui/page-header";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api-client";
import { cn } from "@client/lib/cn";
import { exportUrl, useBandToday, useStatsReport } from "./api";
import { Breakdowns } from "./breakdowns";
import { RangePicker } from "./range-picker";
import { pointsOf, rangeLabel, rangeOf, readChoice, writeChoice, type RangeChoice } from "./range";
import { ShowsCard } from "./show-figures";
import { Summary, SummarySkeleton } from "./summary";
import { TrendChart } from "./trend-chart";
import { PlacesCard } from "./visitor-map";

/**
 * A site nobody has visited yet (as far as this range and the one before it tell): nothing
 * counted, no click, nobody joined.
 */
/** A site nobody has visited yet (whatever the range): the page explains itself instead of empty charts. */
export function nothingYet(r: StatsReport): boolean {
  return r.countingSince === null && r.signups.length === 0;
}

function EmptySite() {
  return (
    <Card>
      <EmptyState
        icon={<ChartNoAxesCombined className="size-8" aria-hidden />}
        title="No visits counted yet"
        description={
          <>
            Once fans open the site, this page shows how many came and when, the pages they read, the sites that sent them, the cities they are in, and the ticket, merch and
            newsletter links they clicked. Visits are counted without cookies, and no internet address is kept.
          </>
        }
        action={
          <Button asChild variant="outline">
            <a href="/privacy">What the site collects</a>
          </Button>
        }
      />
    </Card>
  );
}

function LoadingInsights() {
  return (
    <div aria-label="Loading the insights" aria-busy="true">
      <SummarySkeleton />
      <Card className="mt-4 p-5">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="mt-4 min-h-64 w-full" />
      </Card>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {Array.from({ length: 2 }, (_, i) => (
          <Card key={i} className="space-y-3 p-5">
            <Skeleton className="h-5 w-28" />
            {Array.from({ length: 4 }, (_, j) => (
              <Skeleton key={j} className="h-4 w-full" />
            ))}
          </Card>
        ))}
      </div>
    </div>
  );
}

/**
 * /admin/insights (issue 23): visitors and page views over a range of the band's days compared
 * with the range before, the pages, sources, places (a map and a table), ticket clicks per show
 * with each show's own figures, new subscribers per source, merch and newsletter clicks; the CSV
 * of the range. The range is in the URL query (range.ts).
 */
export default function InsightsPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const choice = readChoice(search);
  const today = useBandToday();
  const range = choice.preset === "custom" || today ? rangeOf(choice, today ?? "") : null;
  const report = useStatsReport(range);
  const data = report.data;
  const points = useMemo(() => (data ? pointsOf(data.series, data.previous.series, choice.by) : []), [data, choice.by]);

  const setChoice = (next: RangeChoice) => {
    const query = writeChoice(next);
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  const empty = data !== undefined && nothingYet(data);

  return (
    <div>
      <PageHeader
        title="Insights"
        subtitle="Who visits the site, from where, and what they click."
        actions={
          range &&
          !empty && (
            <Button asChild variant="outline">
              <a href={exportUrl(range, choice.by)} download>
                <Download className="size-4" aria-hidden /> Export CSV
              </a>
            </Button>
          )
        }
      />
      <RangePicker choice={choice} range={range} onChange={setChoice} />
      {range && (
        <p className="-mt-2 mb-4 text-sm text-dust">
          {rangeLabel(range)}
          {choice.by === "week" ? ", by week" : ""}
        </p>
      )}

      {report.isPending ? (
        <LoadingInsights />
      ) : report.isError ? (
        <Card>
          <EmptyState
            title="Could not load the insights"
            description={errorMessage(report.error)}
            action={
              <Button variant="outline" onClick={() => void report.refetch()}>
                Try again
              </Button>
            }
          />
        </Card>
      ) : empty ? (
        <EmptySite />
      ) : (
        data &&
        range && (
          <div aria-busy={report.isFetching} className={cn("transition-opacity", report.isPlaceholderData && "opacity-60")}>
            <Summary report={data} range={range} />
            <TrendChart points={points} range={range} by={choice.by} />
            <PlacesCard places={data.locations} />
            <ShowsCard clicks={data.clicks} />
            <Breakdowns report={data} />
          </div>
        )
      )}
    </div>
  );
}
