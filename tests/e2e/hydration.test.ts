import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, startServer, waitForApp, type RunningServer } from "./harness";

// Decision 015: the public pages arrive drawn by the server and React hydrates that HTML. A
// difference between the server's HTML and the browser's first render is a hydration error
// (production React: a minified #418/#419/#421/#422/#423/#425 reported as an uncaught error)
// and React redraws the part client side.
let server: RunningServer;
let browser: Browser;
const PAGES = ["/", "/shows", "/videos", "/merch", "/lyrics", "/lyrics/1"];
const HYDRATION_ERROR = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const hydrated = waitForApp;

/** Everything the page reported as an error: console errors and uncaught exceptions. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test("every public page arrives drawn by the server and hydrates without a hydration error", async () => {
  for (const width of [390, 1440]) {
    const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
    await ctx.route(/soundcloud|spotify|instagram|facebook|twitter|youtube/, (r) => r.abort());
    for (const path of PAGES) {
      const page = await ctx.newPage();
      const errors = collectErrors(page);
      const response = await page.goto(server.url + path, { waitUntil: "load" });
      // the HTML itself carries the page: its main heading is there before any script ran
      const html = (await response!.text()).split('<div id="root">')[1] ?? "";
      expect({ path, drawn: /<main[\s>]/.test(html) && /<h1[\s>]/.test(html) }).toEqual({ path, drawn: true });
      await hydrated(page);
      await page.waitForTimeout(300);
      expect({ width, path, errors: errors.filter((e) => HYDRATION_ERROR.test(e)) }).toEqual({ width, path, errors: [] });
      await page.close();
    }
    await ctx.close();
  }
});

test("the check sees a hydration error: HTML that differs from the first render is reported", async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.route(`${server.url}/shows`, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: (await res.text()).replace(">Upcoming Shows<", ">Upcoming Showz<") });
  });
  await page.goto(`${server.url}/shows`, { waitUntil: "load" });
  await expect.poll(() => errors.filter((e) => HYDRATION_ERROR.test(e)).length).toBeGreaterThan(0);
  // React redrew it from the data: the page still says what it should
  await expect.poll(() => page.getByRole("heading", { name: "Upcoming Shows" }).count()).toBe(1);
  await page.close();
});

test("the menu works on a hydrated page (the server's button got its handler)", async () => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}/shows`, { waitUntil: "load" });
  await hydrated(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect.poll(() => page.locator("#mobile-menu").isVisible()).toBe(true);
  expect(errors.filter((e) => HYDRATION_ERROR.test(e))).toEqual([]);
  await ctx.close();
});
