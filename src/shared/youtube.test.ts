import { describe, expect, it } from "vitest";
import { extractYouTubeId, toYouTubeEmbedUrl, youTubeThumbnailUrl } from "./youtube";

const ID = "dQw4w9WgXcQ";

describe("extractYouTubeId", () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`],
    [`https://youtube.com/watch?v=${ID}&t=42s&list=PL123`],
    [`https://m.youtube.com/watch?feature=share&v=${ID}`],
    [`https://youtu.be/${ID}`],
    [`https://youtu.be/${ID}?si=abcDEF123&t=10`],
    [`https://www.youtube.com/shorts/${ID}`],
    [`https://youtube.com/shorts/${ID}?feature=share`],
    [`https://www.youtube.com/embed/${ID}`],
    [`https://www.youtube.com/embed/${ID}?autoplay=1&rel=0`],
    [`https://www.youtube-nocookie.com/embed/${ID}`],
    [`  https://www.youtube.com/watch?v=${ID}  `],
    [`http://www.youtube.com/watch?v=${ID}`],
  ])("finds the id in %s", (url) => {
    expect(extractYouTubeId(url)).toBe(ID);
  });

  it.each([
    ["an id of 10 characters", "https://www.youtube.com/watch?v=dQw4w9WgXc"],
    ["an id of 12 characters", "https://youtu.be/dQw4w9WgXcQQ"],
    ["an id with a bad character", "https://www.youtube.com/embed/dQw4w9WgX!Q"],
    ["a watch link without v", "https://www.youtube.com/watch?list=PL123"],
    ["a channel page", "https://www.youtube.com/@tarriverstatic"],
    ["another host", `https://vimeo.com/${ID}`],
    ["a look-alike host", `https://youtube.com.evil.example/watch?v=${ID}`],
    ["a javascript: link", `javascript:alert('${ID}')`],
    ["not a URL", "hello"],
    ["empty", ""],
  ])("refuses %s", (_why, url) => {
    expect(extractYouTubeId(url)).toBeNull();
  });

  it("accepts null and undefined", () => {
    expect(extractYouTubeId(null)).toBeNull();
    expect(extractYouTubeId(undefined)).toBeNull();
  });
});

describe("toYouTubeEmbedUrl", () => {
  it("turns watch, short, share and embed links into the embed URL without extra params", () => {
    for (const url of [`https://www.youtube.com/watch?v=${ID}&t=1`, `https://youtu.be/${ID}?si=x`, `https://youtube.com/shorts/${ID}`, `https://www.youtube.com/embed/${ID}?rel=0`]) {
      expect(toYouTubeEmbedUrl(url)).toBe(`https://www.youtube.com/embed/${ID}`);
    }
  });
  it("leaves other links alone (null)", () => {
    expect(toYouTubeEmbedUrl("https://vimeo.com/123456")).toBeNull();
  });
});

it("builds the thumbnail URL on YouTube's image host", () => {
  expect(youTubeThumbnailUrl(ID)).toBe(`https://img.youtube.com/vi/${ID}/hqdefault.jpg`);
});
