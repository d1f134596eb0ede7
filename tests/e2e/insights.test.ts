import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations } from "./axe";
import { E2E_ADMIN, launchBrowser, loginAsAdmin, startServer, type RunningServer } from "./harness";
import { sidewaysScroll } from "./page-checks";

/**
 * Issue 23: the Insights page in Chromium at 390 and 1440 px, axe clean, first on a new site
 * (its empty state), then after fans have visited: a real page view from the browser's beacon,
 * and visits and a ticket click from a known public address through TRUST_PROXY, so the map
 * gets a city. Nothing here is mocked: the beacon, the batch writer and the report are the
 * product's own.
 */
let server: RunningServer;
let browser: Browser;
let token: string;

/** Raleigh, North Carolina in DB-IP's IP to City Lite (the package the product ships) */
const RALEIGH = "152.7.0.1";
/**
 * Ten more places there, with long names ("Washington D.C. (Northwest Washington)", "Chisinau
 * Municipality", "Dortmund (Lutgendortmund)"...): more rows than the places table shows at once
 */
const LONG_NAMES = ["198.35.169.176", "113.211.201.105", "94.232.30.230", "107.227.2.213", "149.228.13.205", "189.82.123.179", "102.237.192.115", "201.129.211.50", "204.223.252.180", "161.149.163.51"];

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "127.0.0.1" } });
  const login = await fetch(`${server.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
  ({ token } = (await login.json()) as { token: string });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openInsights(p: Page) {
  await p.goto(`${server.url}/admin/insights`);
  await p.getByRole("heading", { level: 1, name: "Insights" }).waitFor();
  await p.waitForFunction(() => !document.querySelector("[aria-busy='true'], .animate-pulse"), undefined, { timeout: 15_000 });
}

/** The Insights page at both widths, signed in: what `check` finds plus axe's findings. */
async function atBothWidths(check: (p: Page) => Promise<void>): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    const context = await browser.newContext({ viewport });
    try {
      const p = await context.newPage();
      await loginAsAdmin(p, server.url);
      await openInsights(p);
      await check(p).catch(async (error) => {
        await p.screenshot({ path: `/tmp/insights-failed-${viewport.width}.png`, fullPage: true });
        throw error;
      });
      for (const v of await axeViolations(p)) found.push(`${viewport.width}px: ${v}`);
      const overflow = await sidewaysScroll(p);
      if (overflow > 0) found.push(`${viewport.width}px: the page scrolls sideways by ${overflow}px`);
      for (const clipped of await clippedTables(p, viewport.width >= 1024)) found.push(`${viewport.width}px: ${clipped}`);
    } finally {
      await context.close();
    }
  }
  return found;
}

/**
 * Tables whose columns a band member cannot see: on a desktop (`mustFit`) any table wider than
 * its box; at any width one whose box scrolls sideways inside another box that scrolls up and
 * down, which hides the sideways scrollbar below its bottom edge.
 */
function clippedTables(p: Page, mustFit: boolean): Promise<string[]> {
  return p.evaluate((mustFit) => {
    const scrollsDown = (e: Element) => /auto|scroll/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1;
    return [...document.querySelectorAll("table")].flatMap((table) => {
      const box = table.parentElement!;
      if (!table.checkVisibility() || box.scrollWidth <= box.clientWidth + 1) return [];
      // inside a visually hidden box (sr-only: 1px, clipped), for screen readers only
      for (let up = box.parentElement; up && up !== document.body; up = up.parentElement) if (up.clientWidth <= 1) return [];
      const name = table.caption?.textContent ?? "a table";
      if (mustFit) return [`'${name}' is ${box.scrollWidth}px wide in a ${box.clientWidth}px box`];
      for (let up = box.parentElement; up && up !== document.body; up = up.parentElement) if (scrollsDown(up)) return [`'${name}' scrolls sideways inside a box that scrolls down`];
      return [];
    });
  }, mustFit);
}

const report = async () => {
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(`${server.url}/api/admin/stats?from=${from}&to=${today}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { visitors: number; locations: { city: string }[]; clicks: { kind: string; id: number }[] } }).data;
};

test("a new site shows the empty state, axe clean at 390 and 1440 px", async () => {
  const found = await atBothWidths(async (p) => {
    await p.getByText("No visits counted yet", { exact: true }).waitFor();
    expect(await p.getByRole("link", { name: "What the site collects" }).getAttribute("href")).toBe("/privacy");
  });
  expect(found).toEqual([]);
}, 120_000);

test("after fans visit: figures, the city on the map and in the table, a show's ticket clicks; axe clean at 390 and 1440 px", async () => {
  // a fan in a browser of their own (not signed in): the product's beacon counts the page view
  // (as a desktop Chrome: headless Chromium's own user agent is a bot to isbot, rightly not counted)
  const fan = await browser.newContext({ userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" });
  const page = await fan.newPage();
  const beacon = page.waitForRequest((r) => r.url() === `${server.url}/api/events` && r.method() === "POST");
  await page.goto(`${server.url}/`);
  await beacon;
  await fan.close();
  // two fans from Raleigh (one address, two browsers) and a ticket click, through the trusted proxy
  for (const ua of ["Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1"]) {
    const sent = await fetch(`${server.url}/api/events`, {
      method: "POST",
      headers: { "content-type": "text/plain", "x-forwarded-for": RALEIGH, "user-agent": ua },
      body: JSON.stringify({ type: "pageview", path: "/shows?utm_source=instagram", referrer: "" }),
    });
    expect(sent.status).toBe(202);
  }
  for (const address of LONG_NAMES) {
    const sent = await fetch(`${server.url}/api/events`, {
      method: "POST",
      headers: { "content-type": "text/plain", "x-forwarded-for": address, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" },
      body: JSON.stringify({ type: "pageview", path: "/", referrer: "" }),
    });
    expect(sent.status).toBe(202);
  }
  const click = await fetch(`${server.url}/go/show/1`, { redirect: "manual", headers: { "x-forwarded-for": RALEIGH, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" } });
  expect(click.status).toBe(302);
  // the batch writer has them in the database within a few seconds
  await expect.poll(async () => (await report()).visitors, { timeout: 15_000, interval: 500 }).toBe(3 + LONG_NAMES.length);
  expect((await report()).clicks).toEqual([expect.objectContaining({ kind: "show", id: 1 })]);

  const found = await atBothWidths(async (p) => {
    await expect.poll(() => p.getByText("No visits counted yet", { exact: true }).count()).toBe(0);
    const places = p.getByRole("table", { name: "Visitors by country, region and city" });
    await expect.poll(() => places.getByRole("row").filter({ hasText: "Raleigh" }).count()).toBe(1);
    // every column in view at both widths: on a phone the country, region and city stand as one
    // 'Place' column, so the visitors are not behind a sideways scroll
    // (polled: the rows and the container query settle after the first row shows)
    await expect.poll(() => places.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(1);
    await expect.poll(() => places.getByRole("columnheader", { name: "Visitors" }).isVisible()).toBe(true);
    // the city is a point on the map, named for keyboard and screen-reader users
    const map = p.getByRole("group", { name: "Map of visitors by city" });
    await expect.poll(() => map.getByRole("img", { name: /Raleigh.*2 visitors/ }).count()).toBe(1);
    // side by side on a desktop, the two choices stand level: 'Group by' as high as 'Range'
    if (p.viewportSize()!.width >= 1024) {
      const top = (name: string) => p.getByText(name, { exact: true }).evaluate((e) => Math.round(e.getBoundingClientRect().top));
      expect(await top("Group by")).toBe(await top("Range"));
    }
    // with no day hovered, the chart's legend gives the latest day's figures (today: every fan
    // above; nothing the day a month before), not labels with nothing after them
    const legend = p.locator(".insights-chart .u-legend .u-value");
    await expect.poll(() => legend.allInnerTexts()).toEqual([expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}$/), String(3 + LONG_NAMES.length), "0"]);
    // the show's ticket click, and its own figures
    const shows = p.getByRole("table", { name: "Ticket clicks per show" });
    await expect.poll(() => shows.getByRole("row").count()).toBe(2);
    await shows.getByRole("button", { name: /^Figures for / }).click();
    await p.getByRole("table", { name: "Ticket clicks by city" }).getByRole("row").filter({ hasText: "Raleigh" }).waitFor();
  });
  expect(found).toEqual([]);
}, 120_000);
