import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import type { Browser, Page } from "playwright-core";
import { explainFailures, launchBrowser, logApiCalls, loginAsAdmin, startServer, type RunningServer } from "./harness";

let server: RunningServer;
let browser: Browser;
let page: Page;

// A real 2x2 red PNG, so the server's magic-byte check and the browser's decoder both accept it.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

beforeAll(async () => {
  server = await startServer(); // demo content seeded, as `npm start` does
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // a form a failed test left with edits asks before the page goes (beforeunload): leave
  page.on("dialog", (dialog) => void dialog.accept());
  logApiCalls(page);
  await loginAsAdmin(page, server.url);
});

// Each test starts on the dashboard, signed in. The tests share one page: once, in CI, 'Create
// Show' did not get to the list within 30 s, and the form left open (with its 'Leave without
// saving?' guard) failed the retry and every test after it.
explainFailures({ page: () => page, server: () => server });
beforeEach(() => freshDashboard());

async function freshDashboard() {
  await page.goto(`${server.url}/admin`);
  await page.getByRole("heading", { name: "Dashboard" }).waitFor({ timeout: 15_000 });
}
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Moves inside the admin app through the sidebar, as a user would (no full reload). */
async function openAdmin(label: string) {
  await page.getByRole("navigation").getByRole("link", { name: label, exact: true }).first().click();
}

/** The show the first test creates and the keyboard test deletes. */
let venue = "The Wrecking Ball Basement";

test("a show created in the admin appears on the public home page", async ({ task }) => {
  // a retry names its show apart: the show a failed attempt created is still in the list
  const attempt = (task.result?.retryCount ?? 0) + 1;
  venue = attempt === 1 ? "The Wrecking Ball Basement" : `The Wrecking Ball Basement ${attempt}`;
  await openAdmin("Shows");
  await page.getByRole("link", { name: "Add Show" }).first().click();
  await page.getByRole("button", { name: "Quick Fill" }).click();
  await expect.poll(() => page.getByText("Form filled").isVisible()).toBe(true);
  await page.getByLabel("Venue").fill(venue);
  await page.getByLabel("Location").fill("Kinston, NC");
  await page.getByRole("button", { name: "Create Show" }).click();
  await page.waitForURL(`${server.url}/admin/shows`);
  await expect.poll(() => page.getByText("Show created successfully").isVisible()).toBe(true);
  // the venue's cell also says how many are going ('0 going', issue 24)
  await expect.poll(() => page.getByRole("cell", { name: new RegExp(`^${venue} \\d+ going`) }).isVisible()).toBe(true);

  const visitor = await browser.newPage();
  await visitor.goto(`${server.url}/`);
  const shows = visitor.locator("#shows");
  await expect.poll(() => shows.getByText(venue, { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => shows.getByText("Kinston, NC").first().isVisible()).toBe(true);
  await visitor.close();
});

test("a merchandise image uploaded in the admin shows in the public merch section", async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "merch-")), "patch.png");
  fs.writeFileSync(file, PNG);

  await openAdmin("Merchandise");
  await page.getByRole("link", { name: "Add Item" }).first().click();
  await page.getByRole("button", { name: "Quick Fill" }).click();
  await page.getByLabel("Name").fill("Red Square Patch");
  await page.getByRole("tab", { name: "Upload a File" }).click();
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect.poll(() => page.getByRole("img", { name: "Chosen file preview" }).isVisible()).toBe(true);
  await page.getByRole("button", { name: "Create Merchandise" }).click();
  await page.waitForURL(`${server.url}/admin/merchandise`);
  await expect.poll(() => page.getByText("Merchandise created successfully").isVisible()).toBe(true);

  const visitor = await browser.newPage();
  await visitor.goto(`${server.url}/merch`);
  const img = visitor.getByRole("img", { name: "Red Square Patch" });
  await expect.poll(() => img.isVisible(), { timeout: 15_000 }).toBe(true);
  // the uploaded file itself, served and decoded (not the placeholder)
  expect(await img.getAttribute("src")).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.png$/);
  // drawn from its resized copy (issue 13: a <picture> with AVIF/WebP sources), decoded; with a
  // 'w' srcset the natural width is scaled to the slot, so the copy's name says its width
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.currentSrc)).toMatch(/\/uploads\/images\/[0-9a-f]{32}\.[0-9a-f]{16}\.2w\.(avif|webp)$/);
  await visitor.close();
});

test("an unpublished lyric disappears from /lyrics", async () => {
  const visitor = await browser.newPage();
  await visitor.goto(`${server.url}/lyrics`);
  await expect.poll(() => visitor.getByRole("heading", { name: "Porch Light", exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);

  await openAdmin("Lyrics");
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Porch Light", exact: true }).first() });
  await row.getByRole("button", { name: "Unpublish Porch Light" }).click();
  await expect.poll(() => row.getByText("Draft").isVisible()).toBe(true);
  await expect.poll(() => page.getByText("Lyrics status updated successfully").isVisible()).toBe(true);

  await visitor.reload();
  await expect.poll(() => visitor.getByRole("heading", { name: "Floodplain" }).first().isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await visitor.getByRole("heading", { name: "Porch Light", exact: true }).count()).toBe(0);
  await visitor.close();
});

test("keyboard only: the delete dialog takes focus, Escape closes it and gives focus back, Delete removes the row", async () => {
  await openAdmin("Shows");
  const trigger = page.getByRole("button", { name: `Delete show at ${venue}`, exact: true });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  // focus starts on Cancel, inside the dialog
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
  await page.keyboard.press("Escape");
  await expect.poll(() => dialog.count()).toBe(0);
  await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

  // open again and confirm with the keyboard: Tab from Cancel to Delete, Enter
  await page.keyboard.press("Enter");
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect.poll(() => page.getByText("Show deleted").isVisible()).toBe(true);
  expect(await page.getByRole("cell", { name: new RegExp(`^${venue} \\d+ going`) }).count()).toBe(0);
  // focus stays in the list (not dropped on the page body), so Tab goes on to the next row's actions
  expect(await page.evaluate(() => !!document.activeElement?.closest("table"))).toBe(true);
});

// Every admin screen fitting a 390 px phone is checked with axe, on the same load of each (admin-a11y.ts).
