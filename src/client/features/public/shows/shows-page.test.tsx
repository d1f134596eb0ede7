import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAST_SHOWS_PAGE, showsApi } from "@shared/api/shows";
import { todayIso } from "@shared/format";
import { fail, ok, renderWithApi } from "../test-utils";
import ShowsPage, { NO_PAST_SHOWS } from "./shows-page";
import { NO_SHOWS } from "./shows-section";

afterEach(() => vi.unstubAllGlobals());
const day = (n: number) => todayIso(new Date(Date.now() + n * 86_400_000));
const show = (id: number, venue: string, date: string, extra = {}) => ({
  id, venue, date, location: "Raleigh, NC", time: "8:00 PM", price: "15", ageRestriction: "18+", supportingActs: "", eventUrl: null, status: "scheduled", revision: 0, createdAt: "", updatedAt: "", ...extra,
});

describe("/shows", () => {
  it("lists upcoming shows, then past shows grouped by year, newest first, with their state", async () => {
    renderWithApi(<ShowsPage />, {
      [showsApi.upcoming]: ok([show(1, "Next Week Hall", day(7), { eventUrl: "https://t.example/1" })]),
      [showsApi.past()]: ok([
        show(2, "Spring Basement", "2025-04-02", { supportingActs: "Ghost Atlas" }),
        show(3, "Winter VFW", "2025-01-10", { status: "cancelled" }),
        show(4, "Old Barn", "2023-08-19", { status: "sold-out" }),
      ]),
    });
    expect(screen.getByRole("heading", { level: 1, name: "Shows" })).toBeInTheDocument();
    const upcoming = screen.getByRole("region", { name: "Upcoming Shows" });
    expect(await within(upcoming).findByRole("heading", { name: "Next Week Hall" })).toBeInTheDocument();
    expect(within(upcoming).getByRole("link", { name: "Subscribe to calendar" })).toBeInTheDocument();

    const past = screen.getByRole("region", { name: "Past Shows" });
    const years = await within(past).findAllByRole("region");
    expect(years.map((y) => within(y).getByRole("heading", { level: 3 }).textContent)).toEqual(["2025", "2023"]);
    expect(within(years[0]).getAllByRole("heading", { level: 4 }).map((h) => h.textContent)).toEqual(["Spring Basement", "Winter VFW"]);
    expect(within(years[0]).getByText("Apr 2")).toHaveAttribute("datetime", "2025-04-02");
    expect(within(years[0]).getByText("with Ghost Atlas")).toBeInTheDocument();
    expect(within(years[0]).getByRole("heading", { name: "Winter VFW" })).toHaveClass("line-through");
    expect(within(years[0]).getByText("Cancelled")).toBeInTheDocument();
    expect(within(years[1]).getByText("Sold Out")).toBeInTheDocument();
    // past shows sell nothing
    expect(within(past).queryByRole("link")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show older shows" })).not.toBeInTheDocument();
  });

  it("loads older shows a page at a time", async () => {
    const page = (offset: number, n: number) => Array.from({ length: n }, (_, i) => show(offset + i + 1, `Club ${offset + i + 1}`, `20${String(24 - Math.floor((offset + i) / 60)).padStart(2, "0")}-06-01`));
    const { calls } = renderWithApi(<ShowsPage />, {
      [showsApi.upcoming]: ok([]),
      [showsApi.past()]: ok(page(0, PAST_SHOWS_PAGE)),
      [showsApi.past(PAST_SHOWS_PAGE)]: ok(page(PAST_SHOWS_PAGE, 3)),
    });
    expect(await screen.findByText(NO_SHOWS)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Show older shows" }));
    expect(await screen.findByRole("heading", { name: `Club ${PAST_SHOWS_PAGE + 3}` })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 4 })).toHaveLength(PAST_SHOWS_PAGE + 3);
    expect(screen.queryByRole("button", { name: "Show older shows" })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.includes("past=true"))).toEqual([showsApi.past(), showsApi.past(PAST_SHOWS_PAGE)]);
  });

  it("says when there are no past shows, and when loading fails", async () => {
    const { unmount } = renderWithApi(<ShowsPage />, { [showsApi.upcoming]: ok([]), [showsApi.past()]: ok([]) });
    expect(await screen.findByText(NO_PAST_SHOWS)).toBeInTheDocument();
    unmount();
    renderWithApi(<ShowsPage />, { [showsApi.upcoming]: fail(), [showsApi.past()]: fail() });
    await waitFor(() => expect(screen.getAllByText("Failed to load shows")).toHaveLength(2));
  });
});
