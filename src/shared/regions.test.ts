import { describe, expect, it } from "vitest";
import { COUNTRY_OPTIONS, US_STATE_OPTIONS, isRegionCode, regionName, regionOfLocation } from "./regions";

describe("regions", () => {
  it("knows the 50 states and DC as ISO 3166-2 codes, and other countries as ISO 3166-1 alpha-2", () => {
    expect(US_STATE_OPTIONS).toHaveLength(51);
    expect(regionName("US-NC")).toBe("North Carolina");
    expect(regionName("DE")).toBe("Germany");
    expect(isRegionCode("US-NC")).toBe(true);
    expect(isRegionCode("DE")).toBe(true);
    // the US is chosen by state, never as a country; lower case and made-up codes are unknown
    expect(isRegionCode("US")).toBe(false);
    expect(isRegionCode("us-nc")).toBe(false);
    expect(isRegionCode("US-XX")).toBe(false);
    expect(isRegionCode("ZZ")).toBe(false);
    expect(COUNTRY_OPTIONS.find((c) => c.code === "US")).toBeUndefined();
  });

  it("lists each by name, so a fan finds theirs", () => {
    const names = COUNTRY_OPTIONS.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    expect(US_STATE_OPTIONS[0]).toEqual({ code: "US-AL", name: "Alabama" });
  });

  it("reads the state of a show's 'City, ST' location", () => {
    expect(regionOfLocation("Greenville, NC")).toBe("US-NC");
    expect(regionOfLocation("Richmond, va ")).toBe("US-VA");
    expect(regionOfLocation("Berlin, Germany")).toBeNull();
    expect(regionOfLocation("London, UK")).toBeNull();
    expect(regionOfLocation("")).toBeNull();
    expect(regionOfLocation(null)).toBeNull();
  });
});
