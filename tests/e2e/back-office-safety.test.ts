import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openPglite } from "../../src/server/db/client";
import { subscribers } from "../../src/server/db/schema";
import { startSmtpSink, type SmtpSink } from "../../src/server/test/smtp-sink";
import { freshDataDir, launchBrowser, loginAsAdmin, startServer, type RunningServer } from "./harness";

/**
 * Issue 13, 'Nothing irreversible by accident', in a real browser: a newsletter goes out only
 * after 'Send to N fans?' is confirmed with the number typed, and leaving a form with edits
 * (a sidebar link, Back) asks first.
 */
const FANS = 12; // more than a tick confirms, so the number must be typed

let sink: SmtpSink;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The fans exist before the server starts (one process owns a PGlite directory at a time).
  const dataDir = freshDataDir({ seed: false });
  const db = await openPglite({ dataDir: path.join(dataDir, "db") });
  await db.db.insert(subscribers).values(Array.from({ length: FANS }, (_, i) => ({ email: `fan${i}@safety.example`, showsInterest: true, isVerified: true })));
  await db.close();
  sink = await startSmtpSink();
  server = await startServer({ dataDir, seed: false, env: { SMTP_URL: sink.url, MAIL_RATE_PER_SECOND: "1000" } });
  browser = await launchBrowser();
  page = await browser.newPage();
  await loginAsAdmin(page, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

test("a newsletter is sent only after 'Send to N fans?' is confirmed with the number typed", async () => {
  await page.goto(`${server.url}/admin/subscribers/newsletter`);
  await page.getByLabel("Subject").fill("Spring tour");
  await page.getByLabel("Content").fill("Ten dates.");
  await page.getByRole("tab", { name: "Send" }).click();
  await page.getByText(`${FANS} recipient(s) selected`).waitFor();
  await page.getByRole("button", { name: "Send to All Selected Recipients" }).click();

  const dialog = page.getByRole("dialog", { name: `Send to ${FANS} fans?` });
  await dialog.waitFor();
  for (const text of ["Spring tour", "Shows, Releases, Merch", "Everyone", "now"]) expect(await dialog.getByText(text, { exact: true }).isVisible()).toBe(true);
  const send = dialog.getByRole("button", { name: "Send", exact: true });
  expect(await send.isDisabled()).toBe(true);
  await dialog.getByLabel(`Type ${FANS} to confirm`).fill("1");
  expect(await send.isDisabled()).toBe(true);
  // nothing left the building while the dialog waited
  expect(sink.mails.filter((m) => m.subject === "Spring tour")).toHaveLength(0);

  await dialog.getByLabel(`Type ${FANS} to confirm`).fill(String(FANS));
  await send.click();
  await page.getByText("Newsletter sent").waitFor();
  await dialog.waitFor({ state: "hidden" });
  await expect.poll(() => sink.mails.filter((m) => m.subject === "Spring tour").length, { timeout: 20_000 }).toBe(FANS);
});

test("leaving a form with edits asks first: a sidebar link (Stay, then Leave) and Back", async () => {
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  await sidebar.getByRole("link", { name: "Shows", exact: true }).click();
  await page.waitForURL(`${server.url}/admin/shows`);
  await page.getByRole("link", { name: "Add Show" }).first().click();
  await page.waitForURL(`${server.url}/admin/shows/add`);
  await page.getByLabel("Venue").fill("The Cave");

  const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await sidebar.getByRole("link", { name: "Merchandise", exact: true }).click();
  await ask.waitFor();
  expect(page.url()).toBe(`${server.url}/admin/shows/add`);
  await ask.getByRole("button", { name: "Stay" }).click();
  await ask.waitFor({ state: "hidden" });
  expect(await page.getByLabel("Venue").inputValue()).toBe("The Cave");

  // Back: the form stays on screen (and in the address bar) until the question is answered
  await page.goBack({ waitUntil: "commit" });
  await ask.waitFor();
  expect(page.url()).toBe(`${server.url}/admin/shows/add`);
  expect(await page.getByLabel("Venue").inputValue()).toBe("The Cave");
  await ask.getByRole("button", { name: "Stay" }).click();
  await ask.waitFor({ state: "hidden" });

  await sidebar.getByRole("link", { name: "Merchandise", exact: true }).click();
  await ask.getByRole("button", { name: "Leave" }).click();
  await page.waitForURL(`${server.url}/admin/merchandise`);
  await page.getByRole("heading", { name: "Merchandise" }).first().waitFor();
  // history is as if the admin had simply followed the link: one Back returns to the (new, empty) form
  await page.goBack({ waitUntil: "commit" });
  await page.waitForURL(`${server.url}/admin/shows/add`);
  expect(await page.getByLabel("Venue").inputValue()).toBe("");
});

test("after saving a form with edits, Back returns to the form once, then to where the admin came from", async () => {
  await page.goto(`${server.url}/admin/lyrics`);
  await page.getByRole("link", { name: "Add New Lyrics" }).first().click();
  await page.waitForURL(`${server.url}/admin/lyrics/add`);
  await page.getByLabel("Title", { exact: true }).fill("Porch Light");
  await page.getByLabel("Song Name").fill("Porch Light");
  await page.getByLabel("Lyrics", { exact: true }).fill("the porch light hums\nall night");
  await page.getByRole("button", { name: "Create Lyrics" }).click();
  await page.waitForURL(`${server.url}/admin/lyrics`);
  await page.getByRole("cell", { name: "Porch Light" }).first().waitFor();

  await page.goBack({ waitUntil: "commit" });
  await page.waitForURL(`${server.url}/admin/lyrics/add`);
  // nothing is asked: the form is new and empty
  expect(await page.getByRole("alertdialog").count()).toBe(0);
  await page.goBack({ waitUntil: "commit" });
  await page.waitForURL(`${server.url}/admin/lyrics`);
});

test("a show saved after the page gave up waiting (10 s), sent again as the toast asks, is one show, not two (decision 047)", async () => {
  await page.goto(`${server.url}/admin/shows/add`);
  await page.getByRole("button", { name: "Quick Fill" }).click();
  await page.getByLabel("Venue").fill("Late Answer Lounge");
  // the server saves the first try at once, but its answer reaches the page after the client's 10 s
  let tries = 0;
  await page.route(`${server.url}/api/shows`, async (route) => {
    if (route.request().method() !== "POST" || tries++ > 0) return route.fallback();
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    await route.fulfill({ response }).catch(() => {}); // the page has given up on it by now
  });
  await page.getByRole("button", { name: "Create Show" }).click();
  await page.getByText("Failed to create show. Please try again.").waitFor({ timeout: 20_000 });
  expect(page.url()).toBe(`${server.url}/admin/shows/add`);

  await page.getByRole("button", { name: "Create Show" }).click();
  await page.waitForURL(`${server.url}/admin/shows`);
  await page.getByText("Show created successfully").waitFor();
  await expect.poll(() => page.getByRole("cell", { name: /^Late Answer Lounge \d+ going/ }).count()).toBe(1);
  expect(tries).toBe(2);
  await page.unroute(`${server.url}/api/shows`);
});
