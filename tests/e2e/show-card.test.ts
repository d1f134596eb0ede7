import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations } from "./axe";
import { E2E_ADMIN, launchBrowser, startServer, waitForApp, type RunningServer } from "./harness";
import { sidewaysScroll } from "./page-checks";

/**
 * Issue 24: the public show card with an on-sale date, the mailing list's presale and 'I'm going',
 * in Chromium at 390 and 1440 px: what a fan sees before tickets go on sale, both forms opened
 * and sent, axe clean, nothing wider than the screen. The show is the demo's first (The Pour
 * House), given its sale dates through the admin API as the show form saves them.
 */
let server: RunningServer;
let browser: Browser;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d+Z$/, "Z");

beforeAll(async () => {
  server = await startServer();
  const login = await fetch(`${server.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}`, "content-type": "application/json" };
  const show = ((await (await fetch(`${server.url}/api/shows/1`, { headers })).json()) as { data: Record<string, unknown> }).data;
  expect(show.venue).toBe("The Pour House");
  const { venue, location, date, time, price, ageRestriction, supportingActs, eventUrl, status } = show;
  const saved = await fetch(`${server.url}/api/shows/1`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ venue, location, date, time, price, ageRestriction, supportingActs, eventUrl, status, presaleCode: "PORCHLIGHT26", presaleStartsAt: inDays(3), onSaleAt: inDays(5) }),
  });
  expect(saved.status).toBe(200);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("before its on-sale date the card says when, offers the presale and 'I'm going'; both forms answer; axe clean at 390 and 1440 px", async () => {
  const found: string[] = [];
  for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/shows`);
      await waitForApp(page);
      const card = page.locator("#show-1");
      await expect.poll(() => card.getByText("On sale", { exact: true }).isVisible()).toBe(true);
      // the ticket link waits for its time; the code is nowhere on the page
      expect(await card.getByRole("link", { name: /^Tickets for/ }).count()).toBe(0);
      expect(await page.content()).not.toContain("PORCHLIGHT26");

      await card.getByText("Presale for the mailing list").click();
      const presale = card.getByRole("form", { name: "Presale code for The Pour House" });
      await presale.getByLabel("Your e-mail").fill(`fan-${viewport.width}@example.com`);
      await presale.getByRole("button", { name: "Send me the code" }).click();
      await card.getByRole("status").filter({ hasText: "mailing list" }).first().waitFor();

      await card.getByText("I'm going", { exact: true }).click();
      const rsvp = card.getByRole("form", { name: "I'm going to The Pour House" });
      await rsvp.getByRole("textbox", { name: /e-?mail/i }).fill(`going-${viewport.width}@example.com`);
      await rsvp.getByRole("button", { name: "Count me in" }).click();
      await card.getByText("The link in the email works for 48 hours.").waitFor();

      for (const v of await axeViolations(page)) found.push(`${viewport.width}px: ${v}`);
      const overflow = await sidewaysScroll(page);
      if (overflow > 0) found.push(`${viewport.width}px: the page scrolls sideways by ${overflow}px`);
    } finally {
      await context.close();
    }
  }
  expect(found).toEqual([]);
}, 120_000);
