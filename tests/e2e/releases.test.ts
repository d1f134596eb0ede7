import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations } from "./axe";
import { E2E_ADMIN, launchBrowser, startServer, waitForApp, type RunningServer } from "./harness";
import { sidewaysScroll } from "./page-checks";

/**
 * Issue 25: a release's page in Chromium at 390 and 1440 px. The release is saved through the
 * admin API a little ahead of now: the pages first count down (no service link anywhere in the
 * page), then, left open, switch to one button per service at releaseAt by themselves. Axe
 * clean and no sideways scroll in both states.
 */
let server: RunningServer;
let browser: Browser;
let releaseAt: number;
const SLUG = "static-season";

beforeAll(async () => {
  server = await startServer();
  const login = await fetch(`${server.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}`, "content-type": "application/json" };
  const tracks = ((await (await fetch(`${server.url}/api/admin/audio-tracks`, { headers })).json()) as { data: { id: number }[] }).data;
  releaseAt = Date.now() + 30_000;
  const saved = await fetch(`${server.url}/api/releases`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      title: "Static Season",
      type: "ep",
      releaseAt: new Date(releaseAt).toISOString(),
      description: "Five songs written in the van.",
      links: [
        { service: "spotify", url: "https://open.spotify.com/album/abc" },
        { service: "bandcamp", url: "https://band.bandcamp.com/album/static-season" },
      ],
      trackIds: tracks.slice(0, 3).map((t) => t.id),
      published: true,
    }),
  });
  expect(saved.status).toBe(201);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function problems(page: Page, width: number, when: string): Promise<string[]> {
  const found = (await axeViolations(page)).map((v) => `${width}px ${when}: ${v}`);
  const overflow = await sidewaysScroll(page);
  if (overflow > 0) found.push(`${width}px ${when}: the page scrolls sideways by ${overflow}px`);
  return found;
}

test("/releases/{slug} counts down with no service links, then shows them at releaseAt by itself; axe clean at 390 and 1440 px", async () => {
  const found: string[] = [];
  const open: { context: BrowserContext; page: Page; width: number }[] = [];
  try {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      // a hydration mismatch (the server's HTML against the first render) is a page error
      page.on("pageerror", (err) => found.push(`${viewport.width}px: ${err.message.slice(0, 200)}`));
      open.push({ context, page, width: viewport.width });
      await page.goto(`${server.url}/releases/${SLUG}`);
      await waitForApp(page);
      await page.getByTestId("countdown").waitFor();
      await page.getByRole("heading", { name: "E-mail me when it is out" }).waitFor();
      expect(await page.locator('a[href*="/go/release/"]').count()).toBe(0);
      expect(await page.content()).not.toContain("open.spotify.com");
      // the tracklist is there before the release
      expect(await page.getByRole("heading", { name: "Tracklist" }).isVisible()).toBe(true);
      found.push(...(await problems(page, viewport.width, "before")));
    }
    expect(Date.now(), "the checks before the release ran before it").toBeLessThan(releaseAt);

    // left open, each page switches to the links at releaseAt (its clock, then a fresh read)
    for (const { page, width } of open) {
      await expect.poll(() => page.locator('a[href*="/go/release/"]').count(), { timeout: 60_000, interval: 500 }).toBe(2);
      expect(await page.getByTestId("countdown").count()).toBe(0);
      expect(await page.getByRole("link", { name: /Spotify/ }).getAttribute("href")).toMatch(/^\/go\/release\/\d+\/spotify$/);
      found.push(...(await problems(page, width, "after")));
      // drawn by the server after the release (as of its instant), it hydrates without a mismatch
      await page.reload();
      await waitForApp(page);
      expect(await page.locator('a[href*="/go/release/"]').count()).toBe(2);
      await page.waitForTimeout(500); // no page error arrives in the moments after hydration
    }
  } finally {
    for (const { context } of open) await context.close();
  }
  expect(found).toEqual([]);
}, 150_000);
