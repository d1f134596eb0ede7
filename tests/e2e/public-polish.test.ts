import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, loginAsAdmin, startServer, type RunningServer } from "./harness";

// Issue 13, what fans see: the play button in view on a phone, no admin instructions in the music
// section when its players are not set (the first-run state: no stock embeds), and lyric line
// breaks that stay distinguishable from wrapping.
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;

beforeAll(async () => {
  server = await startServer(); // the demo content, as a first-time visitor sees it
  browser = await launchBrowser();
  phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await phone.route(/soundcloud|spotify|instagram|facebook|twitter|youtube/, (r) => r.abort());
});
afterAll(async () => {
  await phone?.close();
  await browser?.close();
  await server?.stop();
});

test("on a 390x844 phone the featured player's play button is visible without scrolling", async () => {
  const page = await phone.newPage();
  await page.goto(server.url + "/", { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  const play = page.getByRole("button", { name: "Play", exact: true });
  const box = await play.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // the body face is the self-hosted one, loaded (not a system face); on a landing page it comes
  // once the largest paint is on screen (body-font.ts, decision 017)
  expect(await page.evaluate(() => getComputedStyle(document.querySelector("main p")!).fontFamily)).toMatch(/^"Archivo Variable"/);
  await page.waitForFunction(() => [...document.fonts].some((f) => f.family.replace(/"/g, "") === "Archivo Variable" && f.status === "loaded"));
  expect(await page.evaluate(() => document.fonts.check('16px "Archivo Variable"'))).toBe(true);
  await page.close();
});

test("with no SoundCloud or Spotify player set, fans see the band's tracks and no admin instructions; a signed-in admin sees what to set", async () => {
  const page = await phone.newPage();
  await page.goto(server.url + "/#music", { waitUntil: "load" });
  const music = page.locator("#music");
  await expect.poll(() => music.getByRole("button", { name: "Play Porch Light" }).isVisible(), { timeout: 15_000 }).toBe(true);
  const text = (await music.innerText()).toLowerCase();
  expect(text).not.toContain("configure");
  expect(text).not.toContain("admin");
  expect(await music.locator("iframe").count()).toBe(0);
  // the band's track plays in the site's own player
  await music.getByRole("button", { name: "Play Porch Light" }).click();
  await expect.poll(() => page.getByRole("button", { name: "Pause", exact: true }).first().isVisible()).toBe(true);
  await page.close();

  const admin = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await admin.route(/soundcloud|spotify|instagram|facebook|twitter|youtube/, (r) => r.abort());
  await loginAsAdmin(admin, server.url);
  await admin.goto(server.url + "/#music", { waitUntil: "load" });
  await expect
    .poll(() => admin.locator("#music").getByText("No SoundCloud embed URL configured yet. Configure it in the admin settings.").isVisible(), { timeout: 15_000 })
    .toBe(true);
  await admin.close();
});

test("lyric line breaks stay distinguishable from wrapping: a wrapped line continues indented", async () => {
  const page = await phone.newPage();
  await page.goto(server.url + "/lyrics/1", { waitUntil: "load" });
  const lines = page.getByTestId("lyrics-text").locator(".lyric-line");
  await expect.poll(() => lines.count(), { timeout: 15_000 }).toBeGreaterThan(4);
  const layout = await lines.evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const top = Math.min(...rects.map((r) => r.top));
      const first = Math.min(...rects.filter((r) => Math.abs(r.top - top) < 2).map((r) => r.left));
      const rest = rects.filter((r) => r.top > top + 2).map((r) => r.left);
      return { first, rest: rest.length ? Math.min(...rest) : null };
    }),
  );
  const starts = new Set(layout.map((l) => Math.round(l.first)));
  expect(starts.size).toBe(1); // every written line starts at the same edge
  const wrapped = layout.filter((l) => l.rest !== null);
  expect(wrapped.length).toBeGreaterThan(0); // the demo lyric has lines longer than a phone is wide
  for (const l of wrapped) expect(l.rest! - l.first).toBeGreaterThan(12); // continuation lines are indented
  await page.close();
});
