import { describe, expect, it } from "vitest";
import { presaleOpen, saleClock, ticketsOnSaleAt } from "./show-sale";

const at = (iso: string) => Date.parse(iso);

describe("on sale at a time (issue 24)", () => {
  it("the ticket link shows with no on-sale time, or from that instant on", () => {
    expect(ticketsOnSaleAt({ onSaleAt: null }, 0)).toBe(true);
    expect(ticketsOnSaleAt({}, 0)).toBe(true);
    const show = { onSaleAt: "2031-03-01T15:00:00.000Z" };
    expect(ticketsOnSaleAt(show, at("2031-03-01T14:59:59.999Z"))).toBe(false);
    expect(ticketsOnSaleAt(show, at("2031-03-01T15:00:00Z"))).toBe(true);
  });

  it("a page is drawn as of the latest on-sale time passed and stays fresh until the next one", () => {
    const now = at("2031-03-10T12:00:00Z");
    const shows = [{ onSaleAt: "2031-03-01T15:00:00Z" }, { onSaleAt: "2031-03-09T15:00:00Z" }, { onSaleAt: null }, { onSaleAt: "2031-03-20T15:00:00Z" }, { onSaleAt: "2031-03-12T15:00:00Z" }];
    const clock = saleClock(shows, now);
    expect(clock).toEqual({ asOf: at("2031-03-09T15:00:00Z"), until: at("2031-03-12T15:00:00Z") });
    // as of then, every show reads as it does now
    for (const show of shows) expect(ticketsOnSaleAt(show, clock.asOf!)).toBe(ticketsOnSaleAt(show, now));
    // a rebuild later, before the next switch, is drawn as of the same instant (the same bytes)
    expect(saleClock(shows, at("2031-03-11T00:00:00Z")).asOf).toBe(clock.asOf);
    expect(saleClock([{ onSaleAt: "2031-03-20T15:00:00Z" }], now)).toEqual({ asOf: null, until: at("2031-03-20T15:00:00Z") });
    expect(saleClock([], now)).toEqual({ asOf: null, until: null });
  });

  it("fans may ask for a presale code while the show has one and still sells tickets", () => {
    expect(presaleOpen({ hasPresale: true, status: "scheduled" })).toBe(true);
    expect(presaleOpen({ hasPresale: true, status: "postponed" })).toBe(true);
    expect(presaleOpen({ hasPresale: true, status: "sold-out" })).toBe(false);
    expect(presaleOpen({ hasPresale: true, status: "cancelled" })).toBe(false);
    expect(presaleOpen({ hasPresale: false, status: "scheduled" })).toBe(false);
  });
});
