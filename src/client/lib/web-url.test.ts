import { describe, expect, it } from "vitest";
import { withWebScheme } from "./web-url";

describe("withWebScheme", () => {
  it("puts https:// before an address typed without its scheme", () => {
    expect(withWebScheme("tickets.example.com/bluenote")).toBe("https://tickets.example.com/bluenote");
    expect(withWebScheme("  www.tarriverstatic.com ")).toBe("https://www.tarriverstatic.com");
    expect(withWebScheme("bandcamp.com/album/x?t=1#a")).toBe("https://bandcamp.com/album/x?t=1#a");
  });

  it("leaves anything else as typed, for the form's check to judge", () => {
    for (const value of ["", "https://example.com", "http://example.com", "javascript:alert(1)", "mailto:band@example.com", "/uploads/images/a.png", "//evil.example", "localhost:3000/x", "tickets", "two words.com", "user@example.com", "example.com:8080/x"]) {
      expect(withWebScheme(value), value).toBe(value);
    }
  });
});
