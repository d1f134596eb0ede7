import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ShowStats, StatsReport } from "@shared/api/stats";
import { zonedParts } from "@shared/newsletter-schedule";
import { GEO_DATA } from "@shared/privacy";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import InsightsPage from "./insights-page";
import { addDays } from "./range";

// jsdom has no 2D canvas (and says so on the console when asked): the chart stays undrawn and its table stands in
beforeEach(() => vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FROM = "2026-11-02"; // a Monday
const TO = "2026-11-15"; // the Sunday two weeks later
const REPORT_URL = `/api/admin/stats?from=${FROM}&to=${TO}`;
const PATH = `/insights?from=${FROM}&to=${TO}`;

/** 14 days from FROM; day i has i+1 visitors and twice as many page views; the previous 14 days one visitor a day. */
const series = (start: string, visitors: (i: number) => number) =>
  Array.from({ length: 14 }, (_, i) => ({ day: addDays(start, i), visitors: visitors(i), pageviews: visitors(i) * 2 }));

function report(over: Partial<StatsReport> = {}): StatsReport {
  return {
    visitors: 112,
    pageviews: 180,
    series: series(FROM, (i) => i + 1),
    countingSince: "2026-09-01",
    previous: { from: "2026-10-19", to: "2026-11-01", visitors: 100, pageviews: 200, series: series("2026-10-19", () => 1) },
    pages: [
      { path: "/", visitors: 80, pageviews: 120 },
      { path: "/shows", visitors: 40, pageviews: 60 },
    ],
    sources: [
      { source: "instagram", visitors: 50 },
      { source: "direct", visitors: 30 },
    ],
    locations: [
      { country: "US", region: "North Carolina", city: "Raleigh", latitude: 35.78, longitude: -78.64, visitors: 60 },
      { country: "US", region: "Virginia", city: "Richmond", latitude: 37.54, longitude: -77.43, visitors: 20 },
      { country: "unknown", region: "unknown", city: "unknown", latitude: null, longitude: null, visitors: 3 },
    ],
    clicks: [
      { kind: "show", id: 7, label: "The Pour House, Raleigh, NC (2026-12-05)", clicks: 14 },
      { kind: "show", id: 9, label: "Hamburg Hall, Hamburg (2027-02-01)", clicks: 2 },
      { kind: "merch", id: 3, label: "Tour Tee", clicks: 5 },
    ],
    signups: [
      { source: "instagram", count: 4 },
      { source: "newsletter", count: 1 },
    ],
    newsletterClicks: [{ newsletterId: 2, subject: "Tour dates are out", link: 0, url: "https://tickets.example/pour-house", clicks: 9 }],
    ...over,
  };
}

const nothing: StatsReport = {
  visitors: 0,
  pageviews: 0,
  series: series(FROM, () => 0),
  countingSince: null,
  previous: { from: "2026-10-19", to: "2026-11-01", visitors: 0, pageviews: 0, series: series("2026-10-19", () => 0) },
  pages: [],
  sources: [],
  locations: [],
  clicks: [],
  signups: [],
  newsletterClicks: [],
};

const ok = (data: unknown) => () => json(200, { success: true, data });

describe("insights page", () => {
  it("shows visitors and page views with the change since the previous range, and the ticket clicks and new subscribers", async () => {
    fakeApi({ [`GET ${REPORT_URL}`]: ok(report()) });
    renderAdminPage(<InsightsPage />, PATH);
    expect(screen.getByRole("heading", { name: "Insights", level: 1 })).toBeInTheDocument();
    const summary = await screen.findByRole("region", { name: "Summary" });
    const figure = (label: string) => within(summary).getByText(label).parentElement!;
    expect(figure("Visitors")).toHaveTextContent("Visitors112+12% vs previous 14 days");
    expect(figure("Page views")).toHaveTextContent("Page views180−10% vs previous 14 days");
    expect(figure("Ticket clicks")).toHaveTextContent("16");
    expect(figure("New subscribers")).toHaveTextContent("5");
    expect(screen.getByText("Nov 2 – Nov 15, 2026")).toBeInTheDocument();
  });

  it("says so when the previous range had nothing to compare with", async () => {
    fakeApi({ [`GET ${REPORT_URL}`]: ok(report({ previous: { ...nothing.previous } })) });
    renderAdminPage(<InsightsPage />, PATH);
    const summary = await screen.findByRole("region", { name: "Summary" });
    expect(within(summary).getByText("Visitors").parentElement).toHaveTextContent("None in the previous 14 days");
  });

  it("gives the chart a name and its numbers as a table, by day and grouped into weeks (kept in the URL)", async () => {
    fakeApi({ [`GET ${REPORT_URL}`]: ok(report()) });
    const { location } = renderAdminPage(<InsightsPage />, PATH);
    await screen.findByRole("region", { name: "Summary" });
    const byDay = screen.getByRole("table", { name: /^Visitors per day over Nov 2 – Nov 15, 2026, compared with the previous 14 days/ });
    const dayRows = within(byDay).getAllByRole("row").slice(1);
    expect(dayRows).toHaveLength(14);
    expect(
      within(dayRows[0])
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Nov 2, 2026", "1", "2", "1", "2"]);
    expect(
      within(dayRows[13])
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Nov 15, 2026", "14", "28", "1", "2"]);

    await userEvent.click(within(screen.getByRole("group", { name: "Group by" })).getByRole("button", { name: "Week" }));
    expect(location.history.at(-1)).toBe(`${PATH}&by=week`);
    const byWeek = await screen.findByRole("table", { name: /^Visitors per week over/ });
    const weeks = within(byWeek).getAllByRole("row").slice(1);
    expect(
      weeks.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      // Mon Nov 2..Sun Nov 8: 1+2+...+7 visitors; the previous range's days at the same places
      ["Nov 2, 2026 – Nov 8, 2026", "28", "56", "7", "14"],
      ["Nov 9, 2026 – Nov 15, 2026", "77", "154", "7", "14"],
    ]);

    // the table can be shown instead of the chart
    const numbers = () => screen.getByRole("table", { name: /^Visitors per week over/ });
    expect(numbers().closest(".sr-only")).not.toBeNull(); // for screen readers only until asked for
    await userEvent.click(screen.getByRole("button", { name: "Show as table" }));
    expect(numbers().closest(".sr-only")).toBeNull();
    await userEvent.click(within(screen.getByRole("group", { name: "Chart shows" })).getByRole("button", { name: "Page views" }));
    expect(screen.getByRole("table", { name: /^Page views per week over/ })).toBeInTheDocument();
  });

  it("reads the range from the URL on load, and a preset counts back from the band's today", async () => {
    const today = zonedParts(new Date(), "America/Chicago").date;
    const week = `/api/admin/stats?from=${addDays(today, -6)}&to=${today}`;
    const year = `/api/admin/stats?from=${today.slice(0, 4)}-01-01&to=${today}`;
    const api = fakeApi({ "GET /api/settings/timezone": ok({ key: "timezone", value: "America/Chicago" }), [`GET ${week}`]: ok(report()), [`GET ${year}`]: ok(report()) });
    const { location } = renderAdminPage(<InsightsPage />, "/insights?range=7d&by=week");
    await screen.findByRole("region", { name: "Summary" });
    expect(api.calls.map((c) => c.url)).toContain(week);
    expect(screen.getByRole("group", { name: "Group by" })).toContainElement(screen.getByRole("button", { name: "Week", pressed: true }));

    await userEvent.click(screen.getByRole("combobox", { name: "Range" }));
    await userEvent.click(await screen.findByRole("option", { name: "This year" }));
    await waitFor(() => expect(api.calls.at(-1)?.url).toBe(year));
    expect(location.history.at(-1)).toBe("/insights?range=year&by=week");
  });

  it("lists pages, sources, places, new subscribers per source, merch and newsletter clicks", async () => {
    fakeApi({ [`GET ${REPORT_URL}`]: ok(report()) });
    renderAdminPage(<InsightsPage />, PATH);
    await screen.findByRole("region", { name: "Summary" });
    const rows = (name: string) =>
      within(screen.getByRole("table", { name }))
        .getAllByRole("row")
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole("cell")
            .map((c) => c.textContent),
        );
    expect(rows("Top pages")).toEqual([
      ["/", "80", "120"],
      ["/shows", "40", "60"],
    ]);
    expect(rows("Sources")).toEqual([
      ["Instagram", "50"],
      ["Direct / none", "30"],
    ]);
    // the first column stands for the next three where the box is narrow (a phone): CSS shows one or the other
    expect(rows("Visitors by country, region and city")).toEqual([
      ["Raleigh, North Carolina, United States", "US", "North Carolina", "Raleigh", "60"],
      ["Richmond, Virginia, United States", "US", "Virginia", "Richmond", "20"],
      ["Unknown", "Unknown", "Unknown", "Unknown", "3"],
    ]);
    expect(rows("New subscribers per source")).toEqual([
      ["Instagram", "4"],
      ["Newsletter", "1"],
    ]);
    expect(rows("Merch clicks per item")).toEqual([["Tour Tee", "5"]]);
    expect(rows("Newsletter clicks per link")).toEqual([["Tour dates are out", "https://tickets.example/pour-house", "9"]]);
    expect(rows("Ticket clicks per show").map((r) => r.slice(0, 2))).toEqual([
      ["The Pour House, Raleigh, NC (Dec 5, 2026)", "14"],
      ["Hamburg Hall, Hamburg (Feb 1, 2027)", "2"],
    ]);
  });

  it("draws the cities on a map fitted to them, named on hover and focus, with DB-IP's attribution", async () => {
    fakeApi({ [`GET ${REPORT_URL}`]: ok(report()) });
    renderAdminPage(<InsightsPage />, PATH);
    const map = await screen.findByRole("group", { name: "Map of visitors by city" });
    const cities = within(map).getAllByRole("img");
    // the place without a point is in the table only; the bigger city is drawn first and larger
    expect(cities.map((c) => c.getAttribute("aria-label"))).toEqual(["Raleigh, North Carolina, United States: 60 visitors", "Richmond, Virginia, United States: 20 visitors"]);
    expect(Number(cities[0].getAttribute("r"))).toBeGreaterThan(Number(cities[1].getAttribute("r")));
    expect(cities[0].querySelector("title")).toHaveTextContent("Raleigh, North Carolina, United States: 60 visitors");
    // fitted to NC and VA: the two cities sit well inside the drawing, far apart (not one dot on a world map)
    const [x0, y0, x1, y1] = [cities[0].getAttribute("cx"), cities[0].getAttribute("cy"), cities[1].getAttribute("cx"), cities[1].getAttribute("cy")].map(Number);
    expect(Math.hypot(x1 - x0, y1 - y0)).toBeGreaterThan(80);
    // the countries' outlines arrive with the map's own chunk; cut to the view, the US is the one country left
    await waitFor(() => expect(map.querySelectorAll("path")).toHaveLength(1));

    await userEvent.hover(cities[1]);
    expect(await screen.findByText("Richmond, Virginia, United States: 20 visitors", { selector: "p" })).toBeInTheDocument();
    await userEvent.unhover(cities[1]);
    act(() => cities[0].focus());
    expect(cities[0]).toHaveFocus();
    expect(await screen.findByText("Raleigh, North Carolina, United States: 60 visitors", { selector: "p" })).toBeInTheDocument();
    const attribution = screen.getByRole("link", { name: GEO_DATA.attribution });
    expect(attribution).toHaveAttribute("href", GEO_DATA.url);
  });

  it("opens a show's figures since it was announced, and says why there is no region count", async () => {
    const pourHouse: ShowStats = {
      id: 7,
      label: "The Pour House, Raleigh, NC (2026-12-05)",
      date: "2026-12-05",
      location: "Raleigh, NC",
      announcedOn: "2026-10-01",
      region: "US-NC",
      showsPageVisitors: 340,
      ticketClicks: 41,
      clicksByDay: [
        { day: "2026-11-03", clicks: 30 },
        { day: "2026-11-04", clicks: 0 },
        { day: "2026-11-05", clicks: 11 },
      ],
      clicksByCity: [{ country: "US", region: "North Carolina", city: "Durham", clicks: 25 }],
      subscribersInRegion: 12,
    };
    const hamburg: ShowStats = {
      ...pourHouse,
      id: 9,
      label: "Hamburg Hall, Hamburg (2027-02-01)",
      location: "Hamburg",
      region: null,
      subscribersInRegion: null,
      clicksByCity: [],
      clicksByDay: [],
    };
    const api = fakeApi({ [`GET ${REPORT_URL}`]: ok(report()), "GET /api/admin/stats/shows/7": ok(pourHouse), "GET /api/admin/stats/shows/9": ok(hamburg) });
    renderAdminPage(<InsightsPage />, PATH);
    await userEvent.click(await screen.findByRole("button", { name: "Figures for The Pour House, Raleigh, NC (Dec 5, 2026)" }));
    const panel = screen.getByRole("region", { name: "The Pour House, Raleigh, NC (Dec 5, 2026)" });
    expect(await within(panel).findByText("340")).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).toContain("/api/admin/stats/shows/7");
    expect(within(panel).getByText("Dec 5, 2026 · Raleigh, NC · announced Oct 1, 2026")).toBeInTheDocument();
    expect(within(panel).getByText("Visitors to the shows page").parentElement).toHaveTextContent("340");
    expect(within(panel).getByText("Ticket clicks").parentElement).toHaveTextContent("41");
    expect(within(panel).getByText("New subscribers in North Carolina").parentElement).toHaveTextContent("12");
    expect(within(within(panel).getByRole("table", { name: "Ticket clicks by city" })).getAllByRole("row")[1]).toHaveTextContent("DurhamNorth CarolinaUS25");
    // days without a click are left out
    expect(within(within(panel).getByRole("table", { name: "Ticket clicks by day" })).getAllByRole("row")).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Figures for The Pour House, Raleigh, NC (Dec 5, 2026)" })).toHaveAttribute("aria-expanded", "true");

    await userEvent.click(screen.getByRole("button", { name: "Figures for Hamburg Hall, Hamburg (Feb 1, 2027)" }));
    const other = screen.getByRole("region", { name: "Hamburg Hall, Hamburg (Feb 1, 2027)" });
    const nearby = (await within(other).findByText("New subscribers nearby")).parentElement!;
    expect(nearby).toHaveTextContent("—");
    expect(nearby).toHaveTextContent("The show's location (Hamburg) names no state or country, so no region's subscribers can be counted.");
    expect(within(other).getAllByText("No ticket clicks yet.")).toHaveLength(2);

    await userEvent.click(within(other).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: /Hamburg Hall/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Figures for Hamburg Hall, Hamburg (Feb 1, 2027)" })).toHaveFocus();
  });

  it("says when a show's figures cannot be read, with a retry", async () => {
    fakeApi({ [`GET ${REPORT_URL}`]: ok(report()), "GET /api/admin/stats/shows/7": () => json(404, { success: false, message: "Show not found" }) });
    renderAdminPage(<InsightsPage />, PATH);
    await userEvent.click(await screen.findByRole("button", { name: /^Figures for The Pour House/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load this show's figures: Show not found");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("links the CSV export of the range shown", async () => {
    fakeApi({ [`GET ${REPORT_URL}`]: ok(report()) });
    renderAdminPage(<InsightsPage />, PATH);
    const link = await screen.findByRole("link", { name: "Export CSV" });
    expect(link).toHaveAttribute("href", `/api/admin/stats/export?from=${FROM}&to=${TO}`);
    expect(link).toHaveAttribute("download");
    // grouped by week, the file's rows are the chart's weeks too
    await userEvent.click(within(screen.getByRole("group", { name: "Group by" })).getByRole("button", { name: "Week" }));
    expect(await screen.findByRole("link", { name: "Export CSV" })).toHaveAttribute("href", `/api/admin/stats/export?from=${FROM}&to=${TO}&by=week`);
  });

  it("on a new site says what will appear, that there are no cookies, and links to the privacy page", async () => {
    fakeApi({ [`GET ${REPORT_URL}`]: ok(nothing) });
    renderAdminPage(<InsightsPage />, PATH);
    expect(await screen.findByText("No visits counted yet")).toBeInTheDocument();
    expect(screen.getByText(/Visits are counted without cookies/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "What the site collects" })).toHaveAttribute("href", "/privacy");
    expect(screen.queryByRole("region", { name: "Summary" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Export CSV" })).not.toBeInTheDocument();
  });

  it("shows the figures, not the new-site state, for an empty range of a site that has been counting", async () => {
    fakeApi({ [`GET ${REPORT_URL}`]: ok({ ...nothing, countingSince: "2026-01-04" }) });
    renderAdminPage(<InsightsPage />, PATH);
    expect(await screen.findByRole("region", { name: "Summary" })).toBeInTheDocument();
    expect(screen.queryByText("No visits counted yet")).not.toBeInTheDocument();
  });

  it("gives each table its own empty line when the range had nothing but the one before it did", async () => {
    fakeApi({ [`GET ${REPORT_URL}`]: ok({ ...nothing, countingSince: "2026-09-01", previous: report().previous }) });
    renderAdminPage(<InsightsPage />, PATH);
    const summary = await screen.findByRole("region", { name: "Summary" });
    expect(within(summary).getByText("Visitors").parentElement).toHaveTextContent("−100% vs previous 14 days");
    for (const line of [
      "No page views in this range.",
      "No visits from other sites in this range.",
      "Nobody joined the mailing list in this range.",
      "No merch links clicked in this range.",
      "No newsletter links clicked in this range.",
      "No ticket links clicked in this range.",
      "No places in this range yet.",
    ]) {
      expect(screen.getByText(line)).toBeInTheDocument();
    }
  });

  it("shows the API's message and tries again", async () => {
    let fail = true;
    fakeApi({ [`GET ${REPORT_URL}`]: () => (fail ? json(500, { success: false, message: "The database is not answering" }) : json(200, { success: true, data: report() })) });
    renderAdminPage(<InsightsPage />, PATH);
    expect(await screen.findByText("Could not load the insights")).toBeInTheDocument();
    expect(screen.getByText("The database is not answering")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Summary" })).toBeInTheDocument();
  });
});
