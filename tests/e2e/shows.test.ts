import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser, Page } from "playwright-core";
import { E2E_ADMIN, launchBrowser, loginAsAdmin, startServer, trackRequests, waitForApp, type RunningServer } from "./harness";
import { painted, shiftContext, shifts, shiftsAfterSlowLink, verdict } from "./layout-shift";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let token: string;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const show = { location: "Kinston, NC", time: "8:00 PM", price: "12", ageRestriction: "All Ages", supportingActs: "Ghost Atlas", eventUrl: "https://tickets.example/e2e" };

/** A show written through the API, as the admin's form would. */
async function createShow(fields: Record<string, string>): Promise<number> {
  const res = await fetch(`${server.url}/api/shows`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ ...show, ...fields }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

beforeAll(async () => {
  server = await startServer();
  const login = await fetch(`${server.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
  token = ((await login.json()) as { token: string }).token;
  browser = await launchBrowser({ measuresFrames: true });
  admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await loginAsAdmin(admin, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("an admin marks a show sold out in the shows table and a fan sees the badge, without a ticket link, on /", async () => {
  await createShow({ venue: "The Sellout Room", date: inDays(9) });
  await admin.goto(`${server.url}/admin/shows`);
  await admin.getByRole("combobox", { name: "Status of the show at The Sellout Room" }).click();
  await admin.getByRole("option", { name: "Sold Out" }).click();
  await expect.poll(() => admin.getByText("Show updated successfully").isVisible()).toBe(true);

  const fan = await browser.newPage();
  await fan.goto(`${server.url}/`);
  const item = fan.locator("#shows li").filter({ has: fan.getByRole("heading", { name: "The Sellout Room" }) });
  await expect.poll(() => item.getByText("Sold Out", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await item.getByRole("link", { name: /^Tickets for/ }).count()).toBe(0);
  expect(await item.getByRole("link", { name: /^Add to calendar/ }).getAttribute("href")).toMatch(/^\/shows\/\d+\.ics$/);
  await fan.close();
});

test("/shows lists a past show under its year, and /shows.ics is the calendar, not the page", async () => {
  await createShow({ venue: "The Old Armory", date: "2024-06-07" });
  const fan = await browser.newPage();
  await fan.goto(`${server.url}/`);
  // once hydrated (harness.ts: before that a click is on plain HTML). In the rehearsal of 27 Nov
  // 2026, three browser files side by side on a loaded machine, the click twice led nowhere in
  // 30 s; React may hold a click that lands while it hydrates (not proven)
  await waitForApp(fan);
  // the footer's site map leads there (issue 13: the top bar's 'Tour' duplicated SHOWS)
  await fan.locator("footer").getByRole("link", { name: "Past shows" }).click();
  await fan.waitForURL(`${server.url}/shows`);
  const year = fan.getByRole("region", { name: "2024" });
  await expect.poll(() => year.getByRole("heading", { name: "The Old Armory" }).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await fan.title()).toMatch(/^Shows \|/);
  await fan.close();

  const feed = await fetch(`${server.url}/shows.ics`);
  expect(feed.status).toBe(200);
  expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const body = await feed.text();
  expect(body.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(body).toContain("SUMMARY:Sold Out: ");
});

test("'Announce' opens the newsletter composer with the show drafted and only Shows selected", async () => {
  const id = await createShow({ venue: "The Announce Hall", date: inDays(20) });
  await admin.goto(`${server.url}/admin/shows`);
  // the demo rows' badges arrive after the rows and make those rows taller: a click aimed before
  // that landed elsewhere under load (28 Nov 2026)
  await admin.getByText("Demo content").first().waitFor();
  await admin.getByRole("link", { name: "Announce the show at The Announce Hall to subscribers" }).click();
  await admin.waitForURL(`${server.url}/admin/subscribers/newsletter?announce=${id}`);
  const subject = admin.getByLabel("Subject");
  await expect.poll(() => subject.inputValue(), { timeout: 15_000 }).toMatch(/^New show: .+ at The Announce Hall, /);
  const content = await admin.getByLabel("Content").inputValue();
  for (const part of ["The Announce Hall, Kinston, NC", "8:00 PM", "$12.00", "All Ages", "Ghost Atlas", "https://tickets.example/e2e"]) expect(content).toContain(part);
  await admin.getByRole("tab", { name: /Send/ }).click();
  expect(await admin.getByRole("checkbox", { name: "Shows" }).getAttribute("aria-checked")).toBe("true");
  expect(await admin.getByRole("checkbox", { name: "Releases" }).getAttribute("aria-checked")).toBe("false");
  expect(await admin.getByRole("checkbox", { name: "Merch" }).getAttribute("aria-checked")).toBe("false");
});

// the same measure as public-layout-shift.test.ts (issue 10), for /shows
test("/shows loads without a layout shift, with the display font late and after a link with a slow API", async () => {
  // the phone and the desktop side by side: one browser, two contexts
  const measured = await Promise.all(
    [390, 1440].map(async (width) => {
      const ctx = await shiftContext(browser, width);
      await ctx.route(/\.woff2?$/, async (r) => {
        await new Promise((done) => setTimeout(done, 2000));
        await r.continue();
      });
      const page = await ctx.newPage();
      const requests = trackRequests(page);
      await page.goto(`${server.url}/shows`, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready);
      // the app has the page (hydration redraws nothing), and the frame after the swap is drawn
      await waitForApp(page);
      await painted(page);
      const load = await shifts(page);

      await page.goto(`${server.url}/merch`, { waitUntil: "load" });
      // the app's own navigation is what the link part checks (public-layout-shift.test.ts)
      await waitForApp(page);
      const link = await shiftsAfterSlowLink(page, requests, server.url, "/shows");
      await ctx.close();
      return { width, load: verdict(load), link: verdict(link) };
    }),
  );
  expect(measured).toEqual(measured.map(({ width }) => ({ width, load: "ok", link: "ok" })));
});
