import { describe, expect, it } from "vitest";
import type { Show } from "@shared/schemas/shows";
import { byYear, googleCalendarUrl } from "./show-utils";

const show = (id: number, date: string, extra: Partial<Show> = {}): Show => ({
  id, venue: "Hall", date, location: "Raleigh, NC", time: "8:00 PM", price: "15", ageRestriction: "18+", supportingActs: "", eventUrl: null, status: "scheduled", revision: 0, lat: null, lng: null, createdAt: "", updatedAt: "", onSaleAt: null, presaleStartsAt: null, hasPresale: false, ...extra,
});

describe("byYear", () => {
  it("keeps the order and starts a group at each new year", () => {
    const groups = byYear([show(1, "2026-03-01"), show(2, "2026-01-09"), show(3, "2025-12-31"), show(4, "2019-05-05")]);
    expect(groups.map((g) => [g.year, g.shows.map((s) => s.id)])).toEqual([[2026, [1, 2]], [2025, [3]], [2019, [4]]]);
  });
});

describe("googleCalendarUrl", () => {
  const params = (s: Show) => new URL(googleCalendarUrl(s, "Band", "America/New_York")).searchParams;
  it("a late show ends after midnight, on the next day", () => {
    expect(params(show(1, "2031-12-31", { time: "10:30 PM" })).get("dates")).toBe("20311231T223000/20320101T013000");
  });
  it("an unreadable time makes an all-day entry without a zone", () => {
    const p = params(show(1, "2031-02-28", { time: "TBA" }));
    expect(p.get("dates")).toBe("20310228/20310301");
    expect(p.get("ctz")).toBeNull();
  });
});
