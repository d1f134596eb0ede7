import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, loginAsAdmin, startServer, type RunningServer } from "./harness";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ seed: false });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("an admin signs in through the login page, sees the dashboard, logs out and is sent back to login", async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/admin/login`);
  await expect.poll(() => page.getByText("Enter your credentials to access the admin panel").isVisible()).toBe(true);

  // wrong password: a toast, and we stay on the form
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect.poll(() => page.getByText("Login failed").isVisible()).toBe(true);
  expect(new URL(page.url()).pathname).toBe("/admin/login");

  await loginAsAdmin(page, server.url);
  await expect.poll(() => page.getByRole("heading", { name: "Dashboard" }).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeTruthy();

  await page.getByRole("button", { name: "Exit Admin" }).first().click();
  await page.waitForURL(`${server.url}/admin/login`);
  expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();

  // the guard now refuses the admin area
  await page.goto(`${server.url}/admin/shows`);
  // ...and sends the admin back to the page asked for once signed in (issue 13)
  await page.waitForURL(`${server.url}/admin/login?next=%2Fadmin%2Fshows`);
  await expect.poll(() => page.getByText("Access Denied").isVisible()).toBe(true);
  await page.close();
});
