import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { showsApi } from "@shared/api/shows";
import { todayIso } from "@shared/format";
import { lyrics, settings, shows, videos } from "../../db/schema";
import { fillTemplate } from "../../plugins/html";
import { createTestApp, type TestApp } from "../../test/app";
import { describePage } from "../../services/pages/page-meta";
import { musicEvent } from "../../services/pages/json-ld";

const TEMPLATE = `<html><head><title>Band Site</title><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>`;
let t: TestApp;
let lyricId: number;
let draftId: number;
const future = todayIso(new Date(Date.now() + 10 * 86_400_000));
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://band.example" });
  const db = t.database.db;
  await db.insert(settings).values({ key: "band-name", value: "Static </script> Saints" });
  await db.insert(shows).values([
    { venue: "The Pour House", location: "Raleigh, NC", date: future, time: "8:00 PM", price: "15.00", ageRestriction: "18+" },
    { venue: "Gone Hall", location: "Durham, NC", date: "2001-01-01", time: "9 PM", price: "5", ageRestriction: "All Ages" },
  ]);
  const rows = await db
    .insert(lyrics)
    .values([
      { title: "Floodplain", songName: "Floodplain", lyricsText: "The river took the porch\nand left the steps", albumName: "Low Country", releaseYear: "2024" },
      { title: "Secret", songName: "Secret", lyricsText: "x", isPublished: false },
    ])
    .returning();
  lyricId = rows[0].id;
  draftId = rows[1].id;
});
afterAll(() => t.close());

const render = async (path: string) => {
  const meta = await describePage(t.app, path);
  return { meta, html: fillTemplate(TEMPLATE, meta, "https://band.example") };
};

describe("page HTML", () => {
  it("home: title, description, OG/Twitter tags, MusicGroup + upcoming MusicEvent JSON-LD and the inlined data", async () => {
    const { meta, html } = await render("/");
    expect(meta.status).toBe(200);
    expect(html).toContain("<title>Static &lt;/script&gt; Saints | Emo and hardcore from eastern North Carolina</title>");
    expect(html).toMatch(/<meta property="og:title" content="Static &lt;\/script&gt; Saints/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<link rel="canonical" href="https://band.example/" />');
    // no value can end a script element early
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
    const types = ld["@graph"].map((n: { "@type": string }) => n["@type"]);
    expect(types).toEqual(["MusicGroup", "MusicEvent"]);
    expect(ld["@graph"][1]).toMatchObject({ startDate: expect.stringMatching(new RegExp(`^${future}T20:00:00-0[45]:00$`)), eventStatus: "https://schema.org/EventScheduled", location: { name: "The Pour House", address: "Raleigh, NC" }, offers: { price: "15.00", priceCurrency: "USD" } });
    // the performer is named right there, not only by a reference into the graph
    expect(ld["@graph"][1].performer).toMatchObject({ "@type": "MusicGroup", "@id": "https://band.example/#band", name: "Static </script> Saints" });
    expect(ld["@graph"][1].image).toBe("https://band.example/images/og-image.jpg");
    const data = JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/.exec(html)![1]);
    expect(data.path).toBe("/");
    // upcoming shows only, under the home page's own bounded key
    expect(data.queries[showsApi.home]).toHaveLength(1);
    expect(data.queries["/api/shows"]).toBeUndefined();
    expect(data.queries["/api/settings/band-name"]).toEqual({ key: "band-name", value: "Static </script> Saints" });
    expect(data.queries["/api/settings/spotify-url"]).toEqual({ key: "spotify-url", value: null });
  });

  it("each public page has its own title and description", async () => {
    const titles = await Promise.all(["/videos", "/merch", "/lyrics", `/lyrics/${lyricId}`].map(async (p) => (await render(p)).meta));
    expect(titles.map((m) => m.title.split(" | ")[0])).toEqual(["Videos", "Official Merch", "Lyrics", "Floodplain Lyrics"]);
    expect(new Set(titles.map((m) => m.description)).size).toBe(4);
    expect(titles[3].description).toContain("The river took the porch");
    expect(titles[3].jsonLd[1]).toMatchObject({ "@type": "MusicComposition", name: "Floodplain", lyrics: { text: expect.stringContaining("left the steps") } });
  });

  it("/videos preloads its first video's thumbnail (the page's largest image) from the head", async () => {
    expect((await render("/videos")).html).not.toContain('as="image"'); // no video yet
    await t.database.db.insert(videos).values({ title: "Live", description: "Set", category: "live", embedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ", thumbnailUrl: "uploads/images/live.jpg", isActive: true });
    expect((await render("/videos")).html).toContain('<link rel="preload" href="/uploads/images/live.jpg" as="image" fetchpriority="high" />');
  });

  it("/shows: its own title and description, upcoming MusicEvents, and upcoming plus the first page of past shows inlined", async () => {
    const { meta, html } = await render("/shows");
    expect(meta.status).toBe(200);
    expect(meta.title).toBe("Shows | Static </script> Saints");
    expect(meta.description).toContain("(next: The Pour House, Raleigh, NC)");
    expect(html).toContain('<link rel="canonical" href="https://band.example/shows" />');
    expect(meta.jsonLd.map((n) => (n as { "@type": string })["@type"])).toEqual(["MusicGroup", "MusicEvent"]);
    expect((meta.data[showsApi.upcoming] as { venue: string }[]).map((s) => s.venue)).toEqual(["The Pour House"]);
    expect((meta.data[showsApi.past()] as { venue: string }[]).map((s) => s.venue)).toEqual(["Gone Hall"]);
  });

  it("text that looks like a replacement pattern ($&, $', $`) stays text in the title and the inlined data", async () => {
    const [row] = await t.database.db
      .insert(lyrics)
      .values({ title: "Cash $& Carry $' Out", songName: "Cash", lyricsText: "pay $` later\nor $$ now" })
      .returning();
    const { html } = await render(`/lyrics/${row.id}`);
    expect(html).toContain("<title>Cash $&amp; Carry $' Out Lyrics | ");
    expect(html).toContain("pay $` later");
    expect(html).toContain("or $$ now");
    expect(html.match(/<\/html>/g)).toHaveLength(1);
  });

  it("unknown paths, unknown and draft lyrics are 404 pages that are not indexed", async () => {
    for (const p of ["/nope", "/lyrics/999999", `/lyrics/${draftId}`]) {
      const { meta, html } = await render(p);
      expect(meta.status).toBe(404);
      expect(html).toContain("<title>404 Page Not Found");
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it("MusicEvent per status: eventStatus, offers.availability, attendance mode, start in the band's zone", () => {
    const site = {
      bandName: "Band",
      tagline: "",
      origin: "",
      sameAs: [],
      timeZone: "America/New_York",
      baseUrl: "https://band.example",
      shareImage: { url: "https://band.example/images/og-image.jpg", width: 1200, height: 630 },
      bandPhoto: null,
    };
    const base = { id: 1, venue: "Hall", location: "Raleigh, NC", date: "2026-11-01", time: "8:00 PM", price: "12.00", eventUrl: "https://t.example/1" };
    const ev = (status: "scheduled" | "sold-out" | "cancelled" | "postponed") => musicEvent(site, { ...base, status });
    const S = "https://schema.org/";
    expect(ev("scheduled")).toMatchObject({ eventStatus: `${S}EventScheduled`, eventAttendanceMode: `${S}OfflineEventAttendanceMode`, offers: { availability: `${S}InStock`, price: "12.00" } });
    expect(ev("sold-out")).toMatchObject({ eventStatus: `${S}EventScheduled`, offers: { availability: `${S}SoldOut` } });
    expect(ev("postponed")).toMatchObject({ eventStatus: `${S}EventPostponed`, offers: { availability: `${S}InStock` } });
    expect(ev("cancelled")).toMatchObject({ eventStatus: `${S}EventCancelled` });
    expect(ev("cancelled")).not.toHaveProperty("offers");
    // after the clocks fell back: EST
    expect(ev("scheduled").startDate).toBe("2026-11-01T20:00:00-05:00");
    expect(musicEvent({ ...site, timeZone: "Europe/Berlin" }, { ...base, date: "2026-07-01", status: "scheduled" }).startDate).toBe("2026-07-01T20:00:00+02:00");
    // no readable time: the date alone
    expect(musicEvent(site, { ...base, time: "TBA", status: "scheduled" }).startDate).toBe("2026-11-01");
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt keeps crawlers out of admin and points at the sitemap", async () => {
    const res = await t.request({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/plain/);
    expect(res.body).toContain("Disallow: /admin");
    expect(res.body).toContain("Sitemap: https://band.example/sitemap.xml");
  });

  it("sitemap.xml lists the public pages and published lyrics only", async () => {
    const res = await t.request({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<loc>https://band.example/merch</loc>");
    expect(res.body).toContain("<loc>https://band.example/shows</loc>");
    expect(res.body).toContain(`<loc>https://band.example/lyrics/${lyricId}</loc>`);
    expect(res.body).not.toContain(`/lyrics/${draftId}<`);
  });
});
