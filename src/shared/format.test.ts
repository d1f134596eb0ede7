import { describe, expect, it } from "vitest";
import { calendarDay, formatDate, formatDateTime, formatShowPrice } from "./format";

describe("formatDate", () => {
  it("names a plain date's own day, whatever the time zone", () => {
    expect(formatDate("2025-01-05")).toBe("Jan 5, 2025");
    expect(formatDate("2025-09-30")).toBe("Sep 30, 2025");
    expect(formatDate("2031-12-31")).toBe("Dec 31, 2031");
  });
  it("formats a timestamp in local time", () => {
    expect(formatDate(new Date(2024, 4, 17, 23, 59))).toBe("May 17, 2024");
  });
  it("is empty for nothing or nonsense", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("not a date")).toBe("");
  });
});

it("formatDateTime: 'Jan 5, 2024 3:04 PM' in local time", () => {
  expect(formatDateTime(new Date(2024, 0, 5, 15, 4))).toBe("Jan 5, 2024 3:04 PM");
  expect(formatDateTime(new Date(2024, 0, 5, 0, 30))).toBe("Jan 5, 2024 12:30 AM");
});

it("calendarDay reads YYYY-MM-DD as midnight UTC, two-digit years included", () => {
  expect(calendarDay("2025-01-05")?.toISOString()).toBe("2025-01-05T00:00:00.000Z");
  expect(calendarDay("0099-03-01")?.getUTCFullYear()).toBe(99);
  expect(calendarDay("nope")).toBeNull();
});

it("formatDateTime in a time zone: the same shape, read where the band is (issue 24)", () => {
  expect(formatDateTime("2031-03-01T15:00:00Z", "America/New_York")).toBe("Mar 1, 2031 10:00 AM");
  expect(formatDateTime("2031-03-01T04:05:00Z", "America/Los_Angeles")).toBe("Feb 28, 2031 8:05 PM");
  expect(formatDateTime("2031-07-01T16:00:00Z", "America/New_York")).toBe("Jul 1, 2031 12:00 PM");
  expect(formatDateTime("2031-03-01T05:00:00Z", "America/New_York")).toBe("Mar 1, 2031 12:00 AM");
  expect(formatDateTime(null, "America/New_York")).toBe("");
});

describe("formatShowPrice", () => {
  it("says 'Free' for 0 and the dollar price otherwise (issue 13)", () => {
    expect(formatShowPrice("0.00")).toBe("Free");
    expect(formatShowPrice(0)).toBe("Free");
    expect(formatShowPrice("15")).toBe("$15.00");
    expect(formatShowPrice("0.50")).toBe("$0.50");
  });
});
