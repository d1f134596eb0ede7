import { useEffect, useId, useRef, useState } from "react";
// uPlot and its CSS only in this lazy admin chunk (the public bundle never loads them)
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { cn } from "@client/lib/cn";
import { ToggleGroup } from "./range-picker";
import { pointLabel, previousLabel, rangeLabel, type DayRange, type Interval, type Point } from "./range";
import { StatsTable } from "./stats-table";
import { count } from "./summary";

export type Metric = "visitors" | "pageviews";
const METRICS: { value: Metric; label: string }[] = [
  { value: "visitors", label: "Visitors" },
  { value: "pageviews", label: "Page views" },
];
const previousOf = { visitors: "previousVisitors", pageviews: "previousPageviews" } as const;

/** A theme colour (styles.css) for the canvas, which cannot read CSS variables itself. */
function themeColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(`--color-${name}`).trim();
  return value || fallback;
}

/** False where there is no 2D canvas (jsdom in the tests): the table stands in for the chart. */
function canDraw(): boolean {
  try {
    return typeof HTMLCanvasElement !== "undefined" && document.createElement("canvas").getContext("2d") !== null;
  } catch {
    return false;
  }
}

const HEIGHT = 260;

/** The uPlot chart: this range's line, the previous range's lighter dashed line under it. */
function Plot({ points, metric, range, by, label }: { points: Point[]; metric: Metric; range: DayRange; by: Interval; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    const blood = themeColor("blood", "#d7263d");
    const dust = themeColor("dust", "#a19d96");
    const smoke = themeColor("smoke", "#2a2a30");
    const bone = themeColor("bone", "#ece7df");
    const xs = points.map((_, i) => i);
    // the legend names the hovered day's figures; with no day hovered (uPlot passes null), the
    // latest day's, rather than labels with nothing after their colons
    const at = (i: number | null) => points[i ?? points.length - 1];
    const axis: Partial<uPlot.Axis> = { stroke: dust, grid: { stroke: smoke, width: 1 }, ticks: { stroke: smoke, width: 1 }, font: "12px system-ui, sans-serif" };
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 200),
        height: HEIGHT,
        // room on the right for the last day's label under the axis
        padding: [12, 28, 0, 0],
        cursor: { drag: { x: false, y: false }, points: { size: 7 } },
        legend: { live: true },
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, max > 0 ? uPlot.rangeNum(0, max, 0.1, true)[1] : 1] } },
        axes: [
          {
            ...axis,
            space: 56,
            incrs: [1, 2, 3, 4, 7, 14, 28, 56, 91, 182, 364],
            values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && points[i] ? pointLabel({ from: points[i].from, to: points[i].from }, "day") : "")),
          },
          { ...axis, size: 48, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000], values: (_u, splits) => splits.map((v) => count(v)) },
        ],
        series: [
          { label: by === "week" ? "Week" : "Day", value: (_u, _x, _s, i) => pointLabel(at(i), by) },
          {
            label: rangeLabel(range),
            stroke: blood,
            width: 2,
            fill: `${blood}26`,
            points: { show: points.length <= 31, fill: blood },
            value: (_u, _v, _s, i) => count(at(i)[metric]),
          },
          {
            label: previousLabel(range).replace(/^p/, "P"),
            stroke: `${bone}70`,
            width: 1.5,
            dash: [5, 4],
            points: { show: false },
            value: (_u, _v, _s, i) => count(at(i)[previousOf[metric]]),
          },
        ],
      },
      [xs, points.map((p) => p[metric]), points.map((p) => p[previousOf[metric]])],
      el,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [points, metric, range, by]);
  return <div ref={box} role="img" aria-label={label} className="insights-chart w-full min-w-0 text-bone" />;
}

/**
 * Visitors or page views over the range, by day or week, with the previous range drawn under
 * it. A chart says nothing to a screen reader: it has a name, and the same numbers are in a
 * table, hidden until 'Show as table' is pressed.
 */
export function TrendChart({ points, range, by }: { points: Point[]; range: DayRange; by: Interval }) {
  const [metric, setMetric] = useState<Metric>("visitors");
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const what = METRICS.find((m) => m.value === metric)!.label;
  const label = `${what} per ${by} over ${rangeLabel(range)}, compared with the ${previousLabel(range)}`;
  return (
    <Card className="mt-4">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <CardTitle>Over time</CardTitle>
        <ToggleGroup label="Chart shows" value={metric} options={METRICS} onChange={setMetric} />
      </CardHeader>
      <CardContent className="px-3 sm:px-5">
        {points.length === 0 ? (
          <p className="py-6 text-sm text-dust">No daily figures for this range yet.</p>
        ) : (
          <>
            {!asTable && <Plot points={points} metric={metric} range={range} by={by} label={label} />}
            <div className="mt-2 flex justify-end">
              <Button variant="ghost" size="sm" onClick={() => setAsTable((v) => !v)}>
                {asTable ? "Show as chart" : "Show as table"}
              </Button>
            </div>
            {/* shown, a long range scrolls inside the table's box (StatsTable makes it focusable then) */}
            <div id={tableId} className={cn(!asTable && "sr-only")}>
              <StatsTable
                caption={`${label}: the chart's numbers`}
                tall={asTable}
                rows={points}
                rowKey={(p) => p.from}
                empty=""
                columns={[
                  { header: by === "week" ? "Week" : "Day", cell: (p) => pointLabel(p, by, true) },
                  { header: "Visitors", numeric: true, cell: (p) => count(p.visitors) },
                  { header: "Page views", numeric: true, cell: (p) => count(p.pageviews) },
                  { header: "Previous visitors", numeric: true, cell: (p) => count(p.previousVisitors) },
                  { header: "Previous page views", numeric: true, cell: (p) => count(p.previousPageviews) },
                ]}
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
