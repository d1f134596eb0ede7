import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser, Page } from "playwright-core";
import { axeViolations } from "./axe";
import { launchBrowser, startServer, waitForApp, type RunningServer } from "./harness";
import { cutOffAtRight, drawnWidth } from "./page-checks";

// Decision 017: the public pages arrive drawn by the server and React hydrates that HTML. A
// difference between the server's HTML and the browser's first render is a hydration error
// (production React: a minified #418/#419/#421/#422/#423/#425 reported as an uncaught error)
// and React redraws the part client side.
let server: RunningServer;
let browser: Browser;
const HYDRATION_ERROR = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;
const THIRD_PARTY = /soundcloud|spotify|instagram|facebook|twitter|youtube/;
let pages: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // every page the sitemap lists, one per pattern (a /lyrics/{id} stands for all), as the bench measures
  const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const seen = new Set<string>();
  pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1].replace(/&amp;/g, "&")).pathname)
    .filter((p) => {
      const pattern = p.replace(/\/\d+(?=\/|$)/g, "/{id}");
      return !seen.has(pattern) && !!seen.add(pattern);
    });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * React has the page and has finished with it: hydration committed (React reports a mismatch at
 * commit, after waitForApp's first sign, as hydration runs in slices), no work left pending, and
 * the commit's effects run. Read from React's root as waitForApp reads its fibers.
 */
async function hydrated(page: Page) {
  await waitForApp(page);
  await page.waitForFunction(() => {
    const root = document.getElementById("root") as (HTMLElement & Record<string, { stateNode?: { pendingLanes: number; callbackNode: unknown; current?: { child: unknown } } }>) | null;
    const key = root ? Object.keys(root).find((k) => k.startsWith("__reactContainer")) : undefined;
    const fiberRoot = key ? root![key].stateNode : undefined;
    return !!fiberRoot && fiberRoot.pendingLanes === 0 && fiberRoot.callbackNode === null && !!fiberRoot.current?.child;
  });
  // the commit's effects run in a task React's scheduler posted as a message at commit: a message
  // posted now runs after it (posted messages run in order), so an effect's error is in by then
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done();
        channel.port2.postMessage(null);
      }),
  );
}

/** Everything the page reported as an error: console errors and uncaught exceptions. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** A phone (touch, the page's viewport tag honoured) or a desktop window. */
const windowOf = (width: number) => (width < 500 ? { viewport: { width, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width, height: 900 } });

/**
 * What every public page must be on one load of it at one width (a page view is most of what a
 * browser test costs, decision 050, so each is checked for all of this at once): the server drew
 * it, React hydrated it without any console error, axe finds no WCAG 2.2 A/AA problem, and on a
 * phone nothing is wider than the window or cut off at its right edge.
 */
interface PageCheck {
  path: string;
  status: number;
  drawn: boolean;
  /** the level-1 heading is on screen once React has the page */
  shown: boolean;
  errors: string[];
  axe: string[];
  wider: number | null;
  cutOff: string[];
}

/**
 * Opens each path in turn in one tab (a new tab per page cost the browser ~0.35 s of CPU more a
 * page: 20.3 against 11.8-14.1 CPU-s for the sitemap at two widths, 28 Nov 2026) and checks it.
 * `heading` names what the server's HTML must carry (a main landmark and a level-1 heading by default).
 */
async function checkPages(width: number, paths: string[], { heading, expectedErrors }: { heading?: (path: string) => string; expectedErrors?: RegExp } = {}) {
  const found: PageCheck[] = [];
  const ctx = await browser.newContext(windowOf(width));
  ctx.setDefaultTimeout(PAGE_LIMIT_MS);
  await ctx.route(THIRD_PARTY, (r) => r.abort());
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  const took: string[] = [];
  try {
    for (const path of paths) {
      const started = Date.now();
      let step = "open";
      try {
        errors.length = 0;
        const response = await page.goto(server.url + path, { waitUntil: "load" });
        // the HTML itself carries the page: its main heading is there before any script ran
        const html = (await response!.text()).split('<div id="root">')[1] ?? "";
        const drawn = heading ? html.includes(`>${heading(path)}</h1>`) : /<main[\s>]/.test(html) && /<h1[\s>]/.test(html);
        step = "hydrate";
        await hydrated(page);
        const shown = await page.getByRole("heading", { level: 1, ...(heading ? { name: heading(path) } : {}) }).first().isVisible();
        step = "axe";
        const axe = await axeViolations(page);
        step = "width";
        const phone = width < 500;
        const wide = phone ? await drawnWidth(page) : 0;
        found.push({
          path,
          status: response!.status(),
          drawn,
          shown,
          // any error fails it, not only React's hydration errors (the blocked embeds excepted)
          errors: errors.filter((e) => !(/Failed to load resource/.test(e) && (THIRD_PARTY.test(e) || expectedErrors?.test(e)))),
          axe,
          wider: wide > width ? wide : null,
          cutOff: phone ? await cutOffAtRight(page) : [],
        });
      } catch (error) {
        throw new Error(`${path} at ${width} px stopped at '${step}' after ${Date.now() - started} ms (pages before it: ${took.join(", ") || "none"})`, { cause: error });
      }
      took.push(`${path} ${Date.now() - started} ms`);
    }
  } finally {
    await ctx.close();
  }
  return found;
}

const clean = (found: PageCheck[], status = 200) => found.map(({ path }) => ({ path, status, drawn: true, shown: true, errors: [], axe: [], wider: null, cutOff: [] }));

// One test per width: in CI's busiest minutes a page took 8 s here (0.5 s alone), and the walk of
// every page at both widths side by side ran past 90 s twice. Each page gets its own limit, so a
// stall names its page and step instead of ending as the whole test's timeout.
const PAGE_LIMIT_MS = 45_000;
for (const width of [390, 1440]) {
  test(`every public page arrives drawn by the server, hydrates without any console error, and axe finds no WCAG 2.2 A/AA problem; on a phone nothing is cut off, at ${width} px`, async () => {
    expect(pages).toEqual(expect.arrayContaining(["/", "/shows", "/videos", "/merch", "/lyrics", "/lyrics/1"]));
    const found = await checkPages(width, pages);
    expect(found).toEqual(clean(found));
  }, 30_000 + PAGE_LIMIT_MS * 4);

  test(`the 404 pages arrive drawn by the server, hydrate without any console error, and pass the same checks, at ${width} px (decision 029)`, async () => {
    // one shared page for every unknown path, whatever the path says; a lyric's own 'not found'
    const headings: Record<string, string> = {
      "/no-such-page": "404 Page Not Found",
      "/some/admin/junk": "404 Page Not Found",
      "/lyrics/not-a-number": "404 Page Not Found",
      "/lyrics/987654": "Lyrics Not Found",
    };
    // the 404 answer itself is reported as a failed resource; nothing else may be
    const found = await checkPages(width, Object.keys(headings), { heading: (path) => headings[path], expectedErrors: /404/ });
    expect(found).toEqual(clean(found, 404));
  }, 30_000 + PAGE_LIMIT_MS * 4);
}

test("the check sees a hydration error: HTML that differs from the first render is reported", async () => {
  const page = await browser.newPage();
  const errors = collectErrors(page);
  await page.route(`${server.url}/shows`, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: (await res.text()).replace(">Upcoming Shows<", ">Upcoming Showz<") });
  });
  await page.goto(`${server.url}/shows`, { waitUntil: "load" });
  // the app starts up to 4 s after load (boot.ts) when the page's largest paint is slow to settle,
  // as on a busy CI machine: poll past that, not for expect.poll's default second
  await expect.poll(() => errors.filter((e) => HYDRATION_ERROR.test(e)).length, { timeout: 10_000 }).toBeGreaterThan(0);
  // React redrew it from the data: the page still says what it should
  await expect.poll(() => page.getByRole("heading", { name: "Upcoming Shows" }).count(), { timeout: 10_000 }).toBe(1);
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

/**
 * The app's code starts after the largest paint (decision 017); a visitor who taps before it is
 * there must not lose the tap. The main chunk is held back here, so the taps surely land on the
 * server's plain HTML: boot.ts holds them and replays them once React has the page.
 */
async function pageWithSlowApp(width: number) {
  const ctx = await browser.newContext({ viewport: { width, height: 844 } });
  await ctx.route(THIRD_PARTY, (r) => r.abort());
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await ctx.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const page = await ctx.newPage();
  return { ctx, page, errors: collectErrors(page), release };
}

test("a tap on the menu before the app has started opens it at once, and the app takes it over", async () => {
  const { ctx, page, errors, release } = await pageWithSlowApp(390);
  await page.goto(`${server.url}/shows`, { waitUntil: "load" });
  const toggle = page.locator("[aria-controls='mobile-menu']");
  expect(await toggle.getAttribute("aria-expanded")).toBeNull();
  // the toggle is a link to the menu (decision 029): it opens without the app
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect.poll(() => page.locator("#mobile-menu").isVisible()).toBe(true);
  release();
  // the same toggle is now the app's button, open, with the page behind out of reach; the fragment is gone
  await expect.poll(() => toggle.getAttribute("aria-expanded"), { timeout: 10_000 }).toBe("true");
  expect(await page.locator("#content").getAttribute("inert")).toBe("");
  expect(new URL(page.url()).hash).toBe("");
  // links in the menu work as in a hydrated page
  await page.locator("#mobile-menu").getByRole("link", { name: "Merch" }).click();
  await page.waitForURL(`${server.url}/merch`);
  expect(await page.locator("#mobile-menu").count()).toBe(0);
  expect(errors.filter((e) => HYDRATION_ERROR.test(e))).toEqual([]);
  await ctx.close();
});

test("a tap on Play before the app has started plays the track once it is there", async () => {
  const { ctx, page, errors, release } = await pageWithSlowApp(390);
  await page.goto(server.url, { waitUntil: "load" });
  await page.getByRole("button", { name: "Play", exact: true }).click();
  release();
  await expect.poll(() => page.getByRole("button", { name: "Pause", exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(errors.filter((e) => HYDRATION_ERROR.test(e))).toEqual([]);
  await ctx.close();
});

test("a link followed before the app has started is an ordinary page load", async () => {
  const { ctx, page, release } = await pageWithSlowApp(1440);
  await page.goto(server.url, { waitUntil: "load" });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Lyrics" }).click();
  await page.waitForURL(`${server.url}/lyrics`);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).first().isVisible()).toBe(true);
  release();
  await ctx.close();
});

test("an arrow key in the merch tabs before the app has started moves to the next tab once it is there", async () => {
  const { ctx, page, release } = await pageWithSlowApp(1440);
  await page.goto(`${server.url}/merch`, { waitUntil: "load" });
  await page.getByRole("tab", { name: "All" }).focus();
  await page.keyboard.press("ArrowRight");
  release();
  await expect.poll(() => page.getByRole("tab", { name: "Apparel" }).getAttribute("aria-selected")).toBe("true");
  await ctx.close();
});
