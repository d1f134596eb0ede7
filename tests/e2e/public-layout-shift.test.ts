import http from "node:http";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, startServer, trackRequests, waitForApp, type RunningServer } from "./harness";
import { painted, shiftContext, shifts, shiftsAfterSlowLink, total, verdict, type Shift } from "./layout-shift";

// Issue 10: the footer used to jump when a page's content arrived (CLS 0.28-0.42). Layout
// shifts are counted as Chrome does (buffered layout-shift entries without recent input),
// under the slow cases a visitor meets: the display font late, the API slow after a link.
let server: RunningServer;
let browser: Browser;
const PAGES = ["/", "/videos", "/merch", "/lyrics", "/lyrics/1"];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ measuresFrames: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("every public page loads without a layout shift, even when the display font comes 2 s late", async () => {
  // the phone and the desktop side by side: one browser, two contexts
  const measured = await Promise.all(
    [390, 1440].map(async (width) => {
      const found: { width: number; path: string; cls: "ok" | Shift[] }[] = [];
      const ctx = await shiftContext(browser, width);
      await ctx.route(/\.woff2?$/, async (r) => {
        await new Promise((done) => setTimeout(done, 2000));
        await r.continue();
      });
      const page = await ctx.newPage();
      for (const path of PAGES) {
        await page.goto(server.url + path, { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready);
        // the app has the page (hydration redraws nothing), and the frame after the swap is drawn
        await waitForApp(page);
        await painted(page);
        const list = await shifts(page);
        found.push({ width, path, cls: verdict(list) });
      }
      await ctx.close();
      return found;
    }),
  );
  expect(measured.flat()).toEqual(measured.flat().map(({ width, path }) => ({ width, path, cls: "ok" })));
});

test("following a link to a page whose data is not cached yet (slow API): the footer does not jump", async () => {
  const measured = await Promise.all(
    [390, 1440].map(async (width) => {
      const found: { width: number; from: string; to: string; cls: "ok" | Shift[] }[] = [];
      for (const [from, to] of [["/", "/merch"], ["/merch", "/lyrics"], ["/merch", "/videos"], ["/lyrics", "/lyrics/2"]]) {
        const ctx = await shiftContext(browser, width);
        const page = await ctx.newPage();
        const requests = trackRequests(page);
        await page.goto(server.url + from, { waitUntil: "load" });
        // the app's own navigation is what this checks: on a busy machine the app can start after
        // the click, which is then an ordinary page load (boot.ts, decision 029)
        await waitForApp(page);
        const list = await shiftsAfterSlowLink(page, requests, server.url, to);
        found.push({ width, from, to, cls: verdict(list) });
        await ctx.close();
      }
      return found;
    }),
  );
  expect(measured.flat()).toEqual(measured.flat().map(({ width, from, to }) => ({ width, from, to, cls: "ok" })));
});

/**
 * In front of the test server: the home page's HTML in two parts, cut inside the hero's player
 * (before its play button), the second 2 s later; everything else passed through. A browser
 * draws what it has parsed when the rest is late (a slow network, a busy phone): a CI run once
 * drew the player without its controls and track list, and the hero's centred text then moved
 * down 89 px at 1440 px.
 */
async function homeInTwoParts(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const html = await (await fetch(`${target}/`)).text();
  const cut = html.indexOf('aria-label="Back ');
  expect(cut, "the home page's player has its back button").toBeGreaterThan(0);
  const proxy = http.createServer((req, res) => {
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.write(html.slice(0, cut));
      setTimeout(() => res.end(html.slice(cut)), 2000);
      return;
    }
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((listening) => proxy.listen(0, "127.0.0.1", listening));
  const { port } = proxy.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((closed) => proxy.close(() => closed())) };
}

/**
 * Under the page aim: the half-drawn hero shifted 0.017-0.033 in all, about the aim itself; what
 * may stay is a late body font's own text reflow (~0.0002, seen in the headless shell under load).
 */
const HALF_DRAWN_AIM = 0.005;

test("the home page draws nothing of its hero until the hero has arrived: its HTML in two parts shifts nothing", async () => {
  const proxy = await homeInTwoParts(server.url);
  try {
    const found: { width: number; cls: "ok" | Shift[] }[] = [];
    for (const width of [390, 1440]) {
      const ctx = await shiftContext(browser, width);
      const page = await ctx.newPage();
      await page.goto(proxy.url + "/", { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready);
      await waitForApp(page);
      await painted(page);
      const list = await shifts(page);
      found.push({ width, cls: total(list) <= HALF_DRAWN_AIM ? "ok" : list });
      await ctx.close();
    }
    expect(found).toEqual([{ width: 390, cls: "ok" }, { width: 1440, cls: "ok" }]);
  } finally {
    await proxy.close();
  }
});
