import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showsApi } from "@shared/api/shows";
import { todayIso } from "@shared/format";
import { fail, ok, pending, renderWithApi } from "../test-utils";
import { NO_SHOWS, ShowsSection } from "./shows-section";

afterEach(() => vi.unstubAllGlobals());
const day = (n: number) => todayIso(new Date(Date.now() + n * 86_400_000));
const show = (id: number, venue: string, date: string, extra = {}) => ({
  id, venue, date, location: "Raleigh, NC", time: "8:00 PM", price: "15", ageRestriction: "18+", supportingActs: "", eventUrl: null, status: "scheduled", revision: 0, createdAt: "", updatedAt: "", ...extra,
});

describe("ShowsSection", () => {
  it("lists upcoming shows only, soonest first, with $ price, time, age, supporting acts and ticket link", async () => {
    renderWithApi(<ShowsSection />, {
      [showsApi.home]: ok([
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
    // through /go/show/:id, which counts the click (issue 23)
    expect(tickets).toHaveAttribute("href", "/go/show/1");
    expect(tickets).toHaveAttribute("target", "_blank");
    expect(tickets.getAttribute("rel")).toContain("noopener");
  });

  it("a free show (price 0) shows 'Free', not $0.00 (issue 13)", async () => {
    renderWithApi(<ShowsSection />, { [showsApi.home]: ok([show(1, "Free Barn", day(3), { price: "0.00" })]) });
    const item = await screen.findByRole("listitem");
    expect(within(item).getByText("Free")).toBeInTheDocument();
    expect(within(item).queryByText("$0.00")).toBeNull();
  });

  it("badges Sold Out, Cancelled (struck through) and Postponed, and hides the tickets link for sold-out and cancelled shows", async () => {
    const url = (n: number) => `https://tickets.example/${n}`;
    renderWithApi(<ShowsSection />, {
      [showsApi.home]: ok([
        show(1, "Open Hall", day(1), { eventUrl: url(1) }),
        show(2, "Packed Room", day(2), { eventUrl: url(2), status: "sold-out" }),
        show(3, "Dark Club", day(3), { eventUrl: url(3), status: "cancelled" }),
        show(4, "Later Date Bar", day(4), { eventUrl: url(4), status: "postponed" }),
        show(5, "Door Sales", day(5), { status: "sold-out" }),
      ]),
    });
    const items = await screen.findAllByRole("listitem");
    const [open, soldOut, cancelled, postponed, doorSoldOut] = items;
    const tickets = (li: HTMLElement) => within(li).queryByRole("link", { name: /^tickets for/i });

    expect(tickets(open)).toHaveAttribute("href", "/go/show/1");
    expect(within(open).queryByText(/^(Sold Out|Cancelled|Postponed)$/)).not.toBeInTheDocument();

    expect(within(soldOut).getByText("Sold Out")).toBeInTheDocument();
    expect(tickets(soldOut)).not.toBeInTheDocument();
    expect(within(soldOut).queryByText("At the door")).not.toBeInTheDocument();
    expect(within(doorSoldOut).getByText("Sold Out")).toBeInTheDocument();
    expect(within(doorSoldOut).queryByText("At the door")).not.toBeInTheDocument();

    expect(within(cancelled).getByText("Cancelled")).toBeInTheDocument();
    expect(tickets(cancelled)).not.toBeInTheDocument();
    expect(within(cancelled).getByRole("heading", { name: "Dark Club" })).toHaveClass("line-through");
    // nothing to add to a calendar
    expect(within(cancelled).queryByRole("link", { name: /calendar/i })).not.toBeInTheDocument();

    expect(within(postponed).getByText("Postponed")).toBeInTheDocument();
    expect(tickets(postponed)).toHaveAttribute("href", "/go/show/4");
    expect(within(postponed).getByRole("heading", { name: "Later Date Bar" })).not.toHaveClass("line-through");
  });

  it("offers 'Add to calendar' (.ics and Google, in the band's zone) per show and 'Subscribe to calendar' (webcal and https)", async () => {
    renderWithApi(<ShowsSection />, {
      [showsApi.home]: ok([show(7, "Cat's Cradle", "2031-03-02", { time: "Doors 9pm", supportingActs: "Ghost Atlas" })]),
      "/api/settings/timezone": ok({ key: "timezone", value: "America/Chicago" }),
      "/api/settings/band-name": ok({ key: "band-name", value: "Neuse Ghosts" }),
    });
    const item = await screen.findByRole("listitem");
    expect(within(item).getByRole("link", { name: "Add to calendar: Cat's Cradle, Mar 2, 2031" })).toHaveAttribute("href", "/shows/7.ics");
    const google = within(item).getByRole("link", { name: "Google Calendar: Cat's Cradle, Mar 2, 2031 (opens in a new tab)" });
    await waitFor(() => expect(new URL(google.getAttribute("href")!).searchParams.get("ctz")).toBe("America/Chicago"));
    const params = new URL(google.getAttribute("href")!).searchParams;
    expect(params.get("dates")).toBe("20310302T210000/20310303T000000");
    expect(params.get("text")).toBe("Neuse Ghosts at Cat's Cradle");
    expect(params.get("location")).toBe("Cat's Cradle, Raleigh, NC");
    expect(params.get("details")).toContain("With Ghost Atlas");
    expect(screen.getByRole("link", { name: "Subscribe to calendar" })).toHaveAttribute("href", `webcal://${window.location.host}/shows.ics`);
    expect(screen.getByRole("link", { name: /calendar feed address \(https\)/i })).toHaveAttribute("href", `${window.location.origin}/shows.ics`);
    expect(screen.getByRole("link", { name: "All shows and past shows" })).toHaveAttribute("href", "/shows");
  });

  it("shows the loading state, then the empty text when nothing is upcoming", async () => {
    const { unmount } = renderWithApi(<ShowsSection />, { [showsApi.home]: pending });
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    unmount();
    renderWithApi(<ShowsSection />, { [showsApi.home]: ok([show(2, "Old Barn", day(-2))]) });
    expect(await screen.findByText(NO_SHOWS)).toBeInTheDocument();
  });

  it("says 'Failed to load shows' when the request fails and 'Failed to load shows data' on a bad format", async () => {
    const { unmount } = renderWithApi(<ShowsSection />, { [showsApi.home]: fail() });
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load shows$/);
    unmount();
    renderWithApi(<ShowsSection />, { [showsApi.home]: ok({ not: "a list" }) });
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load shows data");
  });
});
