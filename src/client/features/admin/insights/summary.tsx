import { TrendingDown, TrendingUp } from "lucide-react";
import type { StatsReport } from "@shared/api/stats";
import { Skeleton } from "@client/components/ui/skeleton";
import { changePercent, previousLabel, type DayRange } from "./range";

export const count = (n: number) => n.toLocaleString("en-US");

/** '+12% vs previous 30 days', or what stands in for it when the previous range had nothing. */
export function changeLine(current: number, previous: number, range: DayRange): string {
  const change = changePercent(current, previous);
  const than = previousLabel(range);
  if (change !== null) return `${change} vs ${than}`;
  return current === 0 ? `None in the ${than} either` : `None in the ${than}`;
}

function Figure({ label, value, change, direction }: { label: string; value: number; change?: string; direction?: number }) {
  const Arrow = direction && direction > 0 ? TrendingUp : direction && direction < 0 ? TrendingDown : null;
  return (
    <div className="rounded-lg border border-smoke bg-coal p-4">
      <dt className="text-xs font-semibold uppercase tracking-wide text-dust">{label}</dt>
      <dd className="mt-2 text-3xl leading-9 font-bold tabular-nums text-bone">{count(value)}</dd>
      {change && (
        <dd className="mt-1 flex items-center gap-1.5 text-sm text-dust">
          {Arrow && <Arrow className={direction! > 0 ? "size-4 shrink-0 text-emerald-400" : "size-4 shrink-0 text-amber"} aria-hidden />}
          {change}
        </dd>
      )}
    </div>
  );
}

/** Visitors and page views with the change since the previous range; ticket clicks and new subscribers. */
export function Summary({ report, range }: { report: StatsReport; range: DayRange }) {
  const ticketClicks = report.clicks.filter((c) => c.kind === "show").reduce((n, c) => n + c.clicks, 0);
  const signups = report.signups.reduce((n, s) => n + s.count, 0);
  return (
    <section aria-labelledby="insights-summary">
      <h2 id="insights-summary" className="sr-only">
        Summary
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Figure
          label="Visitors"
          value={report.visitors}
          change={changeLine(report.visitors, report.previous.visitors, range)}
          direction={report.visitors - report.previous.visitors}
        />
        <Figure
          label="Page views"
          value={report.pageviews}
          change={changeLine(report.pageviews, report.previous.pageviews, range)}
          direction={report.pageviews - report.previous.pageviews}
        />
        <Figure label="Ticket clicks" value={ticketClicks} />
        <Figure label="New subscribers" value={signups} />
      </dl>
    </section>
  );
}

export function SummarySkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="rounded-lg border border-smoke bg-coal p-4">
          <Skeleton className="h-3.5 w-20" />
          <Skeleton className="mt-3 h-8 w-16" />
          <Skeleton className="mt-2 h-3.5 w-32" />
        </div>
      ))}
    </div>
  );
}
