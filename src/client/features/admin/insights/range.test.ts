import { describe, expect, it } from "vitest";
import { addDays, changePercent, pointLabel, pointsOf, rangeLabel, rangeOf, readChoice, writeChoice } from "./range";
import { projectionFor } from "./visitor-map";

const days = (from: string, n: number, visitors: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({ day: addDays(from, i), visitors: visitors(i), pageviews: 2 * visitors(i) }));

describe("the Insights range", () => {
  it("reads the URL query, and falls back to the last 30 days by day on anything it cannot read", () => {
    expect(readChoice("")).toEqual({ preset: "30d", by: "day" });
    expect(readChoice("range=90d&by=week")).toEqual({ preset: "90d", by: "week" });
    expect(readChoice("from=2026-11-01&to=2026-11-30")).toEqual({ preset: "custom", from: "2026-11-01", to: "2026-11-30", by: "day" });
    // an end before the start, a day that does not exist, a preset nobody offers
    expect(readChoice("from=2026-11-30&to=2026-11-01").preset).toBe("30d");
    expect(readChoice("from=2026-02-30&to=2026-03-01").preset).toBe("30d");
    expect(readChoice("range=forever&by=month")).toEqual({ preset: "30d", by: "day" });
    expect(writeChoice({ preset: "30d", by: "day" })).toBe("");
    expect(writeChoice({ preset: "custom", from: "2026-11-01", to: "2026-11-30", by: "week" })).toBe("from=2026-11-01&to=2026-11-30&by=week");
  });

  it("counts presets back from the band's today, both ends included", () => {
    const today = "2026-03-01";
    expect(rangeOf({ preset: "7d", by: "day" }, today)).toEqual({ from: "2026-02-23", to: today });
    expect(rangeOf({ preset: "30d", by: "day" }, today)).toEqual({ from: "2026-01-31", to: today });
    expect(rangeOf({ preset: "year", by: "day" }, today)).toEqual({ from: "2026-01-01", to: today });
    expect(rangeLabel({ from: "2025-12-20", to: "2026-01-05" })).toBe("Dec 20, 2025 – Jan 5, 2026");
  });

  it("words the change: up, down, small, and nothing to compare with", () => {
    expect(changePercent(112, 100)).toBe("+12%");
    expect(changePercent(90, 100)).toBe("−10%");
    expect(changePercent(1004, 1000)).toBe("+0.4%");
    expect(changePercent(5, 5)).toBe("0%");
    expect(changePercent(5, 0)).toBeNull();
  });

  it("groups days into Monday-to-Sunday weeks, cut by the range, with the previous range's days at the same places", () => {
    // Thu Nov 5 .. Tue Nov 17, 2026: Thu-Sun, a whole week, Mon-Tue
    const series = days("2026-11-05", 13, () => 1);
    const previous = days("2026-10-23", 13, (i) => i);
    const weeks = pointsOf(series, previous, "week");
    expect(weeks.map((w) => [w.from, w.to, w.visitors, w.previousVisitors])).toEqual([
      ["2026-11-05", "2026-11-08", 4, 0 + 1 + 2 + 3],
      ["2026-11-09", "2026-11-15", 7, 4 + 5 + 6 + 7 + 8 + 9 + 10],
      ["2026-11-16", "2026-11-17", 2, 11 + 12],
    ]);
    expect(weeks[1].pageviews).toBe(14);
    // a week the range cuts says so
    expect(weeks.map((w) => pointLabel(w, "week"))).toEqual(["Nov 5 – Nov 8 (4 days)", "Nov 9 – Nov 15", "Nov 16 – Nov 17 (2 days)"]);
    expect(pointLabel({ from: "2026-11-01", to: "2026-11-01" }, "week", true)).toBe("Nov 1, 2026 (1 day)");
    expect(pointLabel({ from: "2026-11-01", to: "2026-11-01" }, "day", true)).toBe("Nov 1, 2026");
    expect(pointsOf(series, previous, "day")).toHaveLength(13);
  });

  it("fits the map to the cities: NC and VA show the US East, cities on three continents the world", () => {
    const east = projectionFor([
      [-78.64, 35.78],
      [-77.43, 37.54],
    ]);
    // about 110 km apart on the ground, far apart on an 800-unit drawing
    const [a, b] = [east([-78.64, 35.78])!, east([-77.43, 37.54])!];
    expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeGreaterThan(80);
    // Los Angeles is off this map
    const la = east([-118.24, 34.05])!;
    expect(la[0] < 0 || la[0] > 800).toBe(true);

    const world = projectionFor([
      [-78.64, 35.78],
      [13.4, 52.52],
      [151.2, -33.87],
    ]);
    for (const p of [world([-118.24, 34.05])!, world([151.2, -33.87])!]) {
      expect(p[0]).toBeGreaterThan(0);
      expect(p[0]).toBeLessThan(800);
    }
  });
});
