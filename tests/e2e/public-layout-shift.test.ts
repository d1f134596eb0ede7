import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, startServer, trackRequests, waitForApp, type RunningServer } from "./harness";
import { painted, shiftContext, shifts, shiftsAfterSlowLink, verdict, type Shift } from "./layout-shift";

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
