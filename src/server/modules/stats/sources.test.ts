import { describe, expect, it } from "vitest";
import { INTERNAL_SOURCE, visitSource } from "./sources";

const site = ["band.example"];

describe("where a visit came from", () => {
  it.each([
    ["/", "", "direct"],
    ["/", "https://l.instagram.com/?u=x", "instagram"],
    ["/", "https://m.facebook.com/", "facebook"],
    ["/", "https://www.tiktok.com/@band", "tiktok"],
    ["/", "https://t.co/abc", "x"],
    ["/", "https://www.google.co.uk/", "google"],
    ["/", "https://mail.google.com/", "email"],
    ["/", "https://www.somezine.net/review", "somezine.net"],
    ["/", "https://band.example/shows", INTERNAL_SOURCE],
    ["/", "not a url", "direct"],
    ["/?utm_source=IG", "https://www.google.com/", "instagram"],
    ["/?utm_source=newsletter", "", "newsletter"],
  ])("%s from %s is %s", (path, referrer, source) => {
    expect(visitSource(path, referrer, site).source).toBe(source);
  });

  it("drops the query and fragment from the path and keeps the campaign tags", () => {
    expect(visitSource("/shows?utm_source=newsletter&utm_medium=Email&utm_campaign=Spring%20Tour#x", "", site)).toEqual({ path: "/shows", source: "newsletter", utmMedium: "email", utmCampaign: "spring tour" });
    expect(visitSource("/merch#tees", "", site).path).toBe("/merch");
  });
});
