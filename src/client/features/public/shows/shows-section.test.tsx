import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOME_SHOWS_KEY } from "@shared/constants";
import { todayIso } from "@shared/format";
import { fail, ok, pending, renderWithApi } from "../test-utils";
import { NO_SHOWS, ShowsSection } from "./shows-section";

afterEach(() => vi.unstubAllGlobals());
const day = (n: number) => todayIso(new Date(Date.now() + n * 86_400_000));
const show = (id: number, venue: string, date: string, extra = {}) => ({
  id, venue, date, location: "Raleigh, NC", time: "8:00 PM", price: "15", ageRestriction: "18+", supportingActs: "", eventUrl: null, createdAt: "", updatedAt: "", ...extra,
});

describe("ShowsSection", () => {
  it("lists upcoming shows only, soonest first, with $ price, time, age, supporting acts and ticket link", async () => {
    renderWithApi(<ShowsSection />, {
      [HOME_SHOWS_KEY]: ok([
        show(1, "Later Hall", day(20), { supportingActs: "Ghost Atlas, Kinston Kids", eventUrl: "https://tickets.example/1" }),
        show(2, "Old Barn", day(-2)),
        show(3, "Soon Club", day(1), { supportingActs: ["Saltmarsh", "Pamlico"] }),
      ]),
    });
    const items = await screen.findAllByRole("listitem");
    expect(items.map((li) => within(li).getByRole("heading").textContent)).toEqual(["Soon Club", "Later Hall"]);
    expect(screen.queryByText("Old Barn")).not.toBeInTheDocument();
    expect(within(items[1]).getByText("$15.00")).toBeInTheDocument();
    expect(within(items[1]).getByText("8:00 PM")).toBeInTheDocument();
    expect(within(items[1]).getByText("18+")).toBeInTheDocument();
    expect(within(items[1]).getByText("with Ghost Atlas, Kinston Kids")).toBeInTheDocument();
    expect(within(items[0]).getByText("with Saltmarsh, Pamlico")).toBeInTheDocument();
    const tickets = within(items[1]).getByRole("link", { name: /tickets for later hall/i });
    expect(tickets).toHaveAttribute("href", "https://tickets.example/1");
    expect(tickets).toHaveAttribute("target", "_blank");
    expect(tickets.getAttribute("rel")).toContain("noopener");
  });

  it("shows the loading state, then the empty text when nothing is upcoming", async () => {
    const { unmount } = renderWithApi(<ShowsSection />, { [HOME_SHOWS_KEY]: pending });
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    unmount();
    renderWithApi(<ShowsSection />, { [HOME_SHOWS_KEY]: ok([show(2, "Old Barn", day(-2))]) });
    expect(await screen.findByText(NO_SHOWS)).toBeInTheDocument();
  });

  it("says 'Failed to load shows' when the request fails and 'Failed to load shows data' on a bad format", async () => {
    const { unmount } = renderWithApi(<ShowsSection />, { [HOME_SHOWS_KEY]: fail() });
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load shows$/);
    unmount();
    renderWithApi(<ShowsSection />, { [HOME_SHOWS_KEY]: ok({ not: "a list" }) });
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load shows data");
  });
});
