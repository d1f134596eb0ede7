import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { todayIso } from "@shared/format";
import { showsApi } from "@shared/api/shows";
import { bandMembers, lyrics, settings, shows, subscribers, videos } from "../../db/schema";
import { hashToken } from "../../lib/tokens";
import { createTestApp, type TestApp } from "../../test/app";
import { appRoot } from "../../paths";
import { loadPageRenderer } from "./server-render";

// The SSR build of this test goes where the server looks for it: this worker's folder inside
// the project (so its imports of react, wouter... resolve from node_modules as in production),
// named by the server project's setup file before paths.ts is read (src/server/test/client-fixture.ts).
const SSR_DIR = process.env.SSR_DIST_DIR as string;

let t: TestApp;
let shell: TestApp;
let lyricId: number;
const future = todayIso(new Date(Date.now() + 10 * 86_400_000));

beforeAll(async () => {
  // an app started before the build exists: what a test without a build or the dev server gets
  fs.rmSync(SSR_DIR, { recursive: true, force: true });
  shell = await createTestApp();
  // the real build (scripts/build.mjs), in its own process: Vite does not run inside the test runner's Vite
  execFileSync(process.execPath, ["--input-type=module", "-e", `const { buildSsr } = await import("./scripts/build.mjs"); await buildSsr({ quiet: true, ssrOut: ${JSON.stringify(SSR_DIR)} });`], {
    cwd: appRoot,
    stdio: "pipe",
  });
  t = await createTestApp({ PUBLIC_URL: "https://band.example" });
  const db = t.database.db;
  await db.insert(settings).values({ key: "band-name", value: "Hydra Static" });
  await db.insert(shows).values([
    { venue: "The Hydration Room", location: "Raleigh, NC", date: future, time: "8:00 PM", price: "15.00", ageRestriction: "18+" },
    { venue: "Long Gone Hall", location: "Durham, NC", date: "2001-01-01", time: "9 PM", price: "5", ageRestriction: "All Ages" },
  ]);
  const rows = await db.insert(lyrics).values({ title: "Floodplain", songName: "Floodplain", lyricsText: "The river took the porch\nand left the steps $& $1" }).returning();
  lyricId = rows[0].id;
  await db.insert(videos).values({ title: "Basement Tapes Live", description: "Filmed in a basement.", embedUrl: "https://www.youtube.com/embed/abc123def45" });
  await db.insert(bandMembers).values({ name: "Wren Calloway", role: "Drums" });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await shell?.close();
  fs.rmSync(path.dirname(SSR_DIR), { recursive: true, force: true });
});

/** What the server put inside <div id="root"> (up to the inlined data that follows it). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="app-data">');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, end > start ? end : undefined);
}

/** Every script is data (JSON, JSON-LD) or a file: the CSP allows no inline code, the render adds none. */
function expectNoInlineCode(html: string) {
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  for (const tag of tags) expect(tag).toMatch(/type="application\/(ld\+)?json"|\bsrc="/);
}

describe("server-rendered public pages (SSR build present)", () => {
  it("/shows: the upcoming show's venue and the archive are in #root, drawn from the inlined data", async () => {
    const res = await t.request({ method: "GET", url: "/shows" });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain("Upcoming Shows");
    expect(root).toContain("The Hydration Room");
    expect(root).toContain("Long Gone Hall");
    expect(root).toContain("Hydra Static");
    expectNoInlineCode(res.body);
    // the client's first render draws from the same answers and the same day
    const data = JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/.exec(res.body)![1]);
    expect(data.today).toBe(todayIso());
    // the calendar links are whole without JavaScript (issue 21), from PUBLIC_URL
    expect(root).toContain('href="webcal://band.example/shows.ics"');
    expect(root).toContain('href="https://band.example/shows.ics"');
    expect(data.origin).toBe("https://band.example");
    expect(data.queries[showsApi.upcoming].map((s: { venue: string }) => s.venue)).toEqual(["The Hydration Room"]);
  });

  it("/: the header (band name, next show, featured player) is drawn; /lyrics/{id}: the lyric, with '$&' as text", async () => {
    const home = rootOf((await t.request({ method: "GET", url: "/" })).body);
    expect(home).toMatch(/<h1[^>]*>.*Hydra.*Static.*<\/h1>/);
    expect(home).toContain("The Hydration Room");
    const lyric = await t.request({ method: "GET", url: `/lyrics/${lyricId}` });
    expect(lyric.statusCode).toBe(200);
    // one element per line (the page's lyric layout); the text is text, '$&' included
    expect(rootOf(lyric.body)).toMatch(/>The river took the porch(<!-- -->)?\n<\/span><span class="lyric-line">and left the steps \$&amp; \$1</);
  });

  /** a show added through the admin API (which drops the cached pages) */
  async function addShow(show: { venue: string; location: string; eventUrl: string }) {
    const created = await t.request({ method: "POST", url: "/api/shows", headers: await t.adminHeaders(), payload: { ...show, date: future, time: "7:00 PM", price: "8", ageRestriction: "All Ages", supportingActs: "" } });
    expect(created.statusCode, created.body).toBe(201);
    return created;
  }

  it("an admin write drops the rendered page with its data: the next request draws the new show", async () => {
    expect(rootOf((await t.request({ method: "GET", url: "/shows" })).body)).not.toContain("Brand New Basement");
    await addShow({ venue: "Brand New Basement", location: "Greenville, NC", eventUrl: "" });
    expect(rootOf((await t.request({ method: "GET", url: "/shows" })).body)).toContain("Brand New Basement");
  });

  it("the drawn page's ticket links go through /go/show/:id (issue 23), so a click without JavaScript is counted too", async () => {
    const created = await addShow({ venue: "Counted Club", location: "Wilson, NC", eventUrl: "https://tickets.example/counted" });
    const root = rootOf((await t.request({ method: "GET", url: "/shows" })).body);
    expect(root).toContain(`href="/go/show/${created.json().data.id}"`);
    expect(root).not.toContain('href="https://tickets.example/counted"');
  });

  it("the words on the site (issue 21): today's texts until saved; a section's save shows on the cached pages at once, an emptied line is left out", async () => {
    const home = await t.request({ method: "GET", url: "/" });
    const before = rootOf(home.body);
    expect(home.body).toContain("<title>Hydra Static | Emo and hardcore from eastern North Carolina</title>");
    for (const text of ["Eastern NC · Emo / Hardcore", "Emo and hardcore from eastern North Carolina. Loud since the first basement show."]) expect(before).toContain(text);
    expect(rootOf((await t.request({ method: "GET", url: "/merch" })).body)).toContain("Printed on demand");

    const saved = await t.request({
      method: "PUT",
      url: "/api/settings",
      headers: await t.adminHeaders(),
      payload: { tagline: "Garage punk from Leeds", "hero-kicker": "Leeds · Garage punk", origin: "", "footer-text": "Ears ringing since 2019.", "contact-intro": "Booking & press: we answer.", "merch-kicker": "At the merch table", "merch-intro": "Cash or card at every show." },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await t.request({ method: "GET", url: "/" });
    const root = rootOf(after.body);
    expect(after.body).toContain("<title>Hydra Static | Garage punk from Leeds</title>");
    expect(after.body).toContain('<meta name="description" content="Hydra Static: Garage punk from Leeds. Stream the new songs');
    expect(root).toContain("Leeds · Garage punk");
    expect(root).toContain("Garage punk from Leeds. Ears ringing since 2019.");
    expect(root).not.toContain("Eastern");
    expect(root).not.toContain("eastern North Carolina");
    // the sections drawn after the header (About's stamp, Contact) read the same inlined settings
    const data = JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/.exec(after.body)![1]);
    expect(data.queries["/api/settings/origin"]).toEqual({ key: "origin", value: "" });
    expect(data.queries["/api/settings/contact-intro"]).toEqual({ key: "contact-intro", value: "Booking & press: we answer." });
    // the stamp is gone, and search engines are not told a place any more
    expect(after.body).not.toContain("foundingLocation");
    const merch = await t.request({ method: "GET", url: "/merch" });
    expect(rootOf(merch.body)).toContain("At the merch table");
    expect(rootOf(merch.body)).not.toContain("Printed on demand");
    expect(merch.body).toContain('<meta name="description" content="Official Hydra Static merch. Cash or card at every show."');
  });

  it("/: every section below the header is drawn too (decision 029), from the data the page inlines", async () => {
    const res = await t.request({ method: "GET", url: "/" });
    const home = rootOf(res.body);
    // in the spec's order, each with its content: a visitor without JavaScript gets the whole page
    const order = ["music", "videos", "shows", "about", "lyrics", "social", "contact"].map((id) => home.indexOf(`<section id="${id}"`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const section = (id: string) => home.slice(home.indexOf(`<section id="${id}"`), home.indexOf("</section>", home.indexOf(`<section id="${id}"`)));
    expect(section("videos")).toContain("Basement Tapes Live");
    expect(section("shows")).toContain("The Hydration Room");
    expect(section("shows")).not.toContain("Long Gone Hall");
    expect(section("about")).toContain("Wren Calloway");
    expect(section("lyrics")).toContain("Floodplain");
    expect(home).toMatch(/<form[^>]*aria-label="Join the mailing list"/);
    expect(home).toMatch(/<form[^>]*aria-label="Send us a message"/);
    // no placeholder, no loading blocks: nothing was left for the client to fetch
    expect(home).not.toContain("animate-pulse");
    expectNoInlineCode(res.body);
  });

  it("the 404 page is drawn, with status 404 and noindex, one cached body for every unknown path", async () => {
    const first = await t.request({ method: "GET", url: "/no-such-page" });
    expect(first.statusCode).toBe(404);
    expect(first.body).toContain('<meta name="robots" content="noindex" />');
    const root = rootOf(first.body);
    expect(root).toContain("404 Page Not Found");
    expect(root).toContain("Back to home");
    expect(root).toContain("Hydra Static");
    // the same bytes for another unknown path: nothing of the path asked for is in the page
    const other = await t.request({ method: "GET", url: "/some/other/admin/junk" });
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(first.body);
    expect(other.headers.etag).toBe(first.headers.etag);
  });

  it("a lyric that does not exist gets the lyric page's own 'not found', drawn, with status 404", async () => {
    const res = await t.request({ method: "GET", url: "/lyrics/987654" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(rootOf(res.body)).toContain("Lyrics Not Found");
    expect(rootOf(res.body)).toContain("Back to Lyrics");
  });

  it("/privacy (issue 23) is drawn from what the product does: the retention days come from STATS_RETENTION_DAYS, the rest from its constants", async () => {
    const text = (html: string) => rootOf(html).replace(/<[^>]+>/g, "").replace(/&#x27;|&rsquo;|’/g, "'");
    const res = await t.request({ method: "GET", url: "/privacy" });
    expect(res.statusCode).toBe(200);
    expect(text(res.body)).toContain("kept for 30 days");
    expect(text(res.body)).toContain("Your IP address is never stored.");
    expect(text(res.body)).toContain("is sid, when a band member signs in");
    expect(rootOf(res.body)).toContain('<a href="https://db-ip.com"');
    expect(text(res.body)).toContain("IP Geolocation by DB-IP");
    expect(res.body).toContain("kept 30 days.");
    expectNoInlineCode(res.body);
    // newsletter link clicks: counted per link while the setting is on (its default); switched off, the page says so
    expect(text(res.body)).toContain("a click is counted per newsletter and link, never per person");
    const off = await t.request({ method: "PUT", url: "/api/settings", headers: await t.adminHeaders(), payload: { "newsletter-click-counting": "false" } });
    expect(off.statusCode).toBe(200);
    try {
      const after = text((await t.request({ method: "GET", url: "/privacy" })).body);
      expect(after).toContain("Links in the band's newsletters lead straight to where they point: the site does not count clicks on them.");
      expect(after).not.toContain("/go/newsletter/");
    } finally {
      await t.request({ method: "PUT", url: "/api/settings", headers: await t.adminHeaders(), payload: { "newsletter-click-counting": "true" } });
    }
    // another deployment keeps raw events longer: its page says so, in the HTML and the description
    const longer = await createTestApp({ STATS_RETENTION_DAYS: 90 });
    try {
      const other = await longer.request({ method: "GET", url: "/privacy" });
      expect(text(other.body)).toContain("kept for 90 days");
      expect(text(other.body)).not.toContain("30 days");
      expect(other.body).toContain('"statsRetentionDays":90');
    } finally {
      await longer.close();
    }
  });

  it("admin pages stay client-drawn (an empty #root)", async () => {
    for (const url of ["/admin", "/admin/shows"]) {
      const html = (await t.request({ method: "GET", url })).body;
      expect({ url, root: /<div id="root"><\/div>/.test(html) }).toEqual({ url, root: true });
    }
  });

  it("the mail pages are drawn for their link, per request and never stored (issue 21: they work without JavaScript)", async () => {
    const verify = await t.request({ method: "GET", url: "/verify-email" });
    expect(verify.statusCode).toBe(400);
    expect(rootOf(verify.body)).toContain("Invalid verification link. Missing token or email.");

    const unsubscribe = await t.request({ method: "GET", url: "/unsubscribe?email=fan%40example.com&token=tok-123" });
    expect(unsubscribe.headers["cache-control"]).toBe("no-store");
    const form = rootOf(unsubscribe.body);
    expect(form).toMatch(/<form[^>]*action="\/api\/unsubscribe"/);
    expect(form).toContain('value="tok-123"');

    const unknown = await t.request({ method: "GET", url: "/preferences?token=fan-secret-token" });
    expect(unknown.statusCode).toBe(404);
    expect(rootOf(unknown.body)).toContain("This preferences link is not valid.");

    await t.database.db.insert(subscribers).values({ email: "wren@example.com", name: "Wren Tabor", preferencesToken: hashToken("wren-token"), isVerified: true });
    const mine = await t.request({ method: "GET", url: "/preferences?token=wren-token" });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["cache-control"]).toBe("no-store");
    expect(rootOf(mine.body)).toMatch(/id="preferences-name"[^>]*value="Wren Tabor"|value="Wren Tabor"[^>]*id="preferences-name"/);
  });
});

describe("without the SSR build", () => {
  it("there is no renderer, and the pages go out as the shell the browser draws, with their data", async () => {
    const log = { error: vi.fn() } as never;
    expect(await loadPageRenderer(path.join(appRoot, ".test-data", "no-such-ssr-build"), log)).toBeNull();
    const res = await shell.request({ method: "GET", url: "/shows" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<script type="application/json" id="app-data">');
  });
});
