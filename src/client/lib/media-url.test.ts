import { describe, expect, it } from "vitest";
import { mediaUrl } from "./media-url";

describe("mediaUrl", () => {
  it("gives a relative upload path its leading slash", () => {
    expect(mediaUrl("uploads/audio/a.mp3")).toBe("/uploads/audio/a.mp3");
    expect(mediaUrl("  uploads/images/b.png ")).toBe("/uploads/images/b.png");
  });
  it("leaves root paths, http(s) links and local previews alone", () => {
    for (const url of ["/uploads/a.mp3", "https://cdn.example.com/a.mp3", "HTTP://example.com/x.png", "blob:http://localhost/1", "data:image/png;base64,AA=="]) expect(mediaUrl(url)).toBe(url);
  });
  it("turns other schemes into harmless paths", () => {
    expect(mediaUrl("javascript:alert(1)")).toBe("/javascript:alert(1)");
  });
  it("is empty for nothing", () => {
    for (const url of [null, undefined, "", "   "]) expect(mediaUrl(url)).toBe("");
  });
});
