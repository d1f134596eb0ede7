import { describe, expect, it } from "vitest";
import { cleanOriginalName } from "./original-name";

describe("cleanOriginalName", () => {
  it.each([
    ["song.mp3", "song.mp3"],
    ["a\u0000b.png", "ab.png"],
    ["tab\there\r\n.png", "tab here .png"],
    ["evil\u202Egnp.exe", "evilgnp.exe"],
    ["zero\u200Bwidth\u2066.png", "zerowidth.png"],
    ["lone\uD800surrogate.png", "lonesurrogate.png"],
    ["pair \u{1F3B8}.png", "pair \u{1F3B8}.png"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\photo.jpg", "photo.jpg"],
    ["dir/", "upload"],
    ["..", "upload"],
    ["   ", "upload"],
    ["\u0000\u200B", "upload"],
    ["", "upload"],
    ["Cafe\u0301.png", "Caf\u00e9.png"],
  ])("%j -> %j", (raw, clean) => {
    expect(cleanOriginalName(raw)).toBe(clean);
  });

  it("falls back for what is not a string", () => {
    expect(cleanOriginalName(undefined)).toBe("upload");
    expect(cleanOriginalName(42)).toBe("upload");
  });

  it("bounds the length in code points and keeps the extension", () => {
    const long = cleanOriginalName("\u{1F3B8}".repeat(300) + ".png");
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith("\u{1F3B8}.png")).toBe(true);
    expect(long).not.toMatch(/\p{Cs}/u); // no half of a pair left at the cut
    expect(Array.from(cleanOriginalName("x".repeat(500)))).toHaveLength(200);
  });
});
