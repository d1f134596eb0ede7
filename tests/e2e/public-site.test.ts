import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { MERCH_TABS } from "@shared/schemas/entities";
import { launchBrowser, startServer, type RunningServer } from "./harness";

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const requested: string[] = [];

beforeAll(async () => {
  server = await startServer(); // with the demo content, as a first-time visitor sees it
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  page = await context.newPage();
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const currentTime = () => page.locator('[data-player-time="current"]').first().textContent();
const seconds = (t: string | null) => {
  const [m, s] = (t ?? "0:00").split(":").map(Number);
  return m * 60 + s;
};

test("a visitor on a phone plays the featured track and sees the time advance", async () => {
  const res = await page.goto(server.url);
  expect(res?.status()).toBe(200);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/Tar\s*River\s*Static/i);
  // the first render came from the inlined data: no API call was needed for the player
  expect(requested.filter((p) => p.startsWith("/api/"))).toEqual([]);
  expect(await currentTime()).toBe("0:00");

  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(async () => seconds(await currentTime()), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => page.getByRole("button", { name: "Pause", exact: true }).isVisible()).toBe(true);
  await page.getByRole("button", { name: "Skip forward 10 seconds" }).click();
  await expect.poll(async () => seconds(await currentTime())).toBeGreaterThanOrEqual(12);
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  // the public pages never downloaded admin code
  expect(requested.some((p) => /admin|login-page/.test(p))).toBe(false);
});

test("filters merch to apparel", async () => {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator("#mobile-menu").getByRole("link", { name: "Merch" }).click();
  await page.waitForURL(`${server.url}/merch`);
  await expect.poll(() => page.getByRole("heading", { level: 1, name: "Official Merch" }).isVisible()).toBe(true);
  // the menu closed on the route change
  expect(await page.locator("#mobile-menu").count()).toBe(0);
  await expect.poll(() => page.getByRole("heading", { name: "Sticker Pack" }).isVisible()).toBe(true);

  await page.getByRole("tab", { name: "Apparel" }).click();
  await expect.poll(() => page.getByRole("heading", { name: "Sticker Pack" }).count()).toBe(0);
  const categories = await page.locator("#merch-panel li p.uppercase").allTextContents();
  expect(categories.length).toBeGreaterThan(0);
  for (const c of categories) expect(MERCH_TABS.apparel as readonly string[]).toContain(c);
  const tee = page.getByRole("link", { name: /Floodplain Tee/ });
  expect(await tee.getAttribute("target")).toBe("_blank");
  expect(await tee.getAttribute("rel")).toContain("noopener");
});

test("opens a video", async () => {
  await page.goto(`${server.url}/videos`);
  await page.getByRole("button", { name: "Live at The Pour House" }).click();
  const play = page.getByRole("button", { name: "Play video: Live at The Pour House" });
  await expect.poll(() => play.isVisible()).toBe(true);
  expect(await page.locator("iframe").count()).toBe(0); // nothing third-party until asked
  await play.click();
  const frame = page.locator('iframe[title="Live at The Pour House"]');
  await expect.poll(() => frame.count()).toBe(1);
  expect(await frame.getAttribute("src")).toMatch(/^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}\?autoplay=1$/);
});

test("opens a lyric from /lyrics", async () => {
  await page.goto(`${server.url}/lyrics`);
  await page.getByRole("link", { name: "View Lyrics: Porch Light" }).click();
  await page.waitForURL(/\/lyrics\/\d+$/);
  await expect.poll(() => page.getByRole("heading", { level: 1, name: "Porch Light" }).isVisible()).toBe(true);
  const text = await page.getByTestId("lyrics-text").innerText();
  expect(text.split("\n").length).toBeGreaterThan(4); // line breaks kept
  expect(await page.title()).toContain("Porch Light Lyrics");
});

test("an unknown path shows '404 Page Not Found'", async () => {
  const res = await page.goto(`${server.url}/this/does/not/exist`);
  expect(res?.status()).toBe(404);
  await expect.poll(() => page.getByRole("heading", { name: "404 Page Not Found" }).isVisible()).toBe(true);
  expect(await page.title()).toContain("404 Page Not Found");
});

test("each public page's served HTML has its own title, description and sharing tags; robots.txt and sitemap.xml exist", async () => {
  const titles = new Set<string>();
  for (const path of ["/", "/videos", "/merch", "/lyrics"]) {
    const html = await (await fetch(`${server.url}${path}`)).text();
    const title = /<title>(.*?)<\/title>/.exec(html)?.[1] ?? "";
    titles.add(title);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(`<meta property="og:title" content="${title}"`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).toContain('<script type="application/ld+json">');
  }
  expect(titles.size).toBe(4);
  const home = await (await fetch(server.url)).text();
  expect(home).toContain('"@type":"MusicEvent"');
  expect(home).toContain('"@type":"MusicGroup"');
  expect((await fetch(`${server.url}/robots.txt`)).status).toBe(200);
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  expect(sitemap).toContain(`<loc>${server.url}/merch</loc>`);
});
