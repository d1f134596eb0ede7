import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openPglite } from "../../src/server/db/client";
import { subscribers } from "../../src/server/db/schema";
import { E2E_ADMIN, freshDataDir, launchBrowser, loginAsAdmin, startServer, type RunningServer } from "./harness";

const FANS = 1000;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // 1,000 subscribers written straight into the database before the server owns it (one
  // process per PGlite directory); the demo content (with its merch) is in the copy already
  const dataDir = freshDataDir();
  const db = await openPglite({ dataDir: path.join(dataDir, "db") });
  const rows = Array.from({ length: FANS }, (_, i) => ({ email: `fan${i}@scale.example`, name: `Fan ${i}`, showsInterest: true, isVerified: true }));
  for (let i = 0; i < rows.length; i += 500) await db.db.insert(subscribers).values(rows.slice(i, i + 500));
  await db.close();
  server = await startServer({ dataDir });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await loginAsAdmin(page, server.url);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("the subscribers table pages and searches 1,000 fans on the server", async () => {
  await page.goto(`${server.url}/admin/subscribers`);
  await expect.poll(() => page.getByText("1–50 of 1,000").isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByRole("table", { name: "Subscribers" }).getByRole("row").count()).toBe(51);
  await page.getByRole("button", { name: "Next" }).click();
  await expect.poll(() => page.getByText("51–100 of 1,000").isVisible()).toBe(true);
  await page.getByRole("searchbox", { name: "Search" }).fill("fan421@");
  await expect.poll(() => page.getByText("1–1 of 1").isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.getByRole("table", { name: "Subscribers" }).getByText("fan421@scale.example").isVisible()).toBe(true);
});

const publicMerchNames = async () => {
  const res = await fetch(`${server.url}/api/merchandise`);
  return ((await res.json()).data as { name: string }[]).map((m) => m.name);
};

test("merchandise dragged by keyboard keeps its new place on the public merch page", async () => {
  const before = await publicMerchNames();
  expect(before.length).toBeGreaterThan(1);
  await page.goto(`${server.url}/admin/merchandise`);
  const handle = page.getByRole("button", { name: `Reorder ${before[0]}` });
  await handle.waitFor({ timeout: 15_000 });
  // dnd-kit's keyboard drag: Space lifts, an arrow moves one place, Space drops
  await handle.focus();
  // each step once dnd-kit has taken the last one: its live region says so (sortable-rows.tsx:
  // 'Picked up X, position 1 of 8.', at once replaced by 'X is now at position 1 of 8.')
  const said = (text: RegExp) => page.getByRole("status").getByText(text).waitFor({ state: "attached" });
  await page.keyboard.press("Space");
  await said(/position 1 of \d+\.$/);
  await page.keyboard.press("ArrowDown");
  await said(/ is now at position 2 of \d+\.$/);
  await page.keyboard.press("Space");
  await expect.poll(() => page.getByText("Order saved").isVisible(), { timeout: 10_000 }).toBe(true);

  const after = await publicMerchNames();
  expect(after.slice(0, 2)).toEqual([before[1], before[0]]);
  // the public page shows that order
  await page.goto(`${server.url}/merch`);
  const text = (await page.locator("main").innerText()).toLowerCase();
  const first = text.indexOf(before[1].toLowerCase());
  const second = text.indexOf(before[0].toLowerCase());
  expect(first).toBeGreaterThanOrEqual(0);
  expect(second).toBeGreaterThan(first);
});

test("at 1280 px every admin list keeps its actions inside the table once the demo badges are in", async () => {
  // the badges arrive after the rows (a request of their own): before RecordName capped the name
  // cell, they widened the shows, videos, audio and merchandise tables by 65-153 px, and the
  // edit and delete buttons went off the right edge
  for (const [path, name] of [
    ["/admin/shows", "Shows"],
    ["/admin/merchandise", "Merchandise"],
    ["/admin/videos", "Videos"],
    ["/admin/audio", "Audio"],
    ["/admin/lyrics", "Lyrics"],
    ["/admin/band-members", "Band Members"],
  ]) {
    await page.goto(`${server.url}${path}`);
    const table = page.getByRole("table").first();
    await expect.poll(() => table.getByText("Demo content").count(), { timeout: 15_000, message: name }).toBeGreaterThan(0);
    const overflow = await table.evaluate((t) => {
      const box = t.parentElement!;
      return box.scrollWidth - box.clientWidth;
    });
    expect(overflow, `${name}: px of the table outside its box`).toBe(0);
    const lastEdit = table.getByRole("row").last().getByRole("button").last();
    const right = await lastEdit.evaluate((b) => b.getBoundingClientRect().right);
    expect(right, `${name}: the last row's last button`).toBeLessThanOrEqual(1280);
  }
});

test("at 1280 px long words wrap and the releases and shows tables keep their actions inside", async () => {
  const login = await fetch(`${server.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
  const { token } = (await login.json()) as { token: string };
  const post = (url: string, body: object) => fetch(`${server.url}${url}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  // a 59-character title made the releases table 265 px wider than its box (titles did not wrap)
  const title = "Everything I Said at the Funeral Was a Lie (Deluxe Edition)";
  // counting down: the widest status
  expect((await post("/api/releases", { title, type: "album", releaseAt: new Date(Date.now() + 30 * 86_400_000).toISOString(), published: true })).status).toBe(201);
  // a long time, and a place line under the location ('not placed'), made the shows table wider
  const venue = "The Long Night Hall";
  const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const show = { venue, location: "Somewhere Over The Rainbow", date: soon, time: "Doors 6:30 PM, music at 7:30 PM", price: "12", ageRestriction: "All Ages", supportingActs: "", eventUrl: "" };
  expect((await post("/api/shows", show)).status).toBe(201);

  for (const [path, text] of [["/admin/releases", title], ["/admin/shows", venue]]) {
    await page.goto(`${server.url}${path}`);
    const table = page.getByRole("table").first();
    await table.getByText(text).waitFor({ timeout: 15_000 });
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth), `${path}: px of the table outside its box`).toBe(0);
    const right = await table.getByRole("row").filter({ hasText: text }).getByRole("link").last().evaluate((b) => b.getBoundingClientRect().right);
    expect(right, `${path}: the long row's last link`).toBeLessThanOrEqual(1280);
  }
});
