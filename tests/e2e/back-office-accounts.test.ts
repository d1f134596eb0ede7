import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../src/server/test/smtp-sink";
import { E2E_ADMIN, launchBrowser, startServer, type RunningServer } from "./harness";

/** Issue 13: password reset through a real SMTP server, the activity log, the login deep link. */
let server: RunningServer;
let sink: SmtpSink;
let browser: Browser;
let token: string;

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as { data: { id: number } } };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({ env: { SMTP_URL: sink.url }, seed: false });
  const login = await fetch(`${server.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
  token = ((await login.json()) as { token: string }).token;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

test("a band member who forgot their password gets a mailed link, sets a new one once, and signs in with it", async () => {
  expect((await api("POST", "/api/users", { username: "keys", email: "keys@band.example", password: "violet-anchor-93-lamp" })).status).toBe(201);
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });

  await page.goto(`${server.url}/admin/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill("keys@band.example");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.getByText(/If an account uses that address, a reset link is on its way/).waitFor();

  const mails = await sink.waitFor((m) => m.some((x) => x.to.includes("keys@band.example")));
  const link = mails.find((x) => x.to.includes("keys@band.example"))!.links().find((l) => l.includes("/admin/reset-password?token="))!;
  expect(link.startsWith(`${server.url}/admin/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await expect.poll(() => page.title()).toMatch(/^Reset Password · Admin · /);
  await page.getByLabel("New password", { exact: true }).fill("quartz-meadow-58-river");
  await page.getByLabel("Confirm new password").fill("quartz-meadow-58-river");
  await page.getByRole("button", { name: "Set new password" }).click();
  await page.getByText(/signed out everywhere/).waitFor();

  // the link works once: opened again, it says so before any password field (issue 21)
  await page.goto(link);
  await page.getByText(/expired or was already used/).waitFor();
  expect(await page.getByLabel("New password", { exact: true }).count()).toBe(0);

  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel("Username").fill("keys");
  await page.getByLabel("Password").fill("quartz-meadow-58-river");
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${server.url}/admin`);
  expect(sink.mails.filter((m) => m.to.includes("keys@band.example"))).toHaveLength(1);
  await page.close();
});

test("activity entries appear after a show is created, edited and deleted; the signed-out deep link lands there after login", async () => {
  const show = { venue: "The Blue Note", location: "Greenville, NC", date: "2031-03-14", time: "9:00 PM", price: "10", ageRestriction: "18+" };
  const created = await api("POST", "/api/shows", show);
  expect(created.status).toBe(201);
  const id = created.json.data.id;
  expect((await api("PUT", `/api/shows/${id}`, { ...show, venue: "The Red Room" })).status).toBe(200);
  expect((await api("DELETE", `/api/shows/${id}`)).status).toBe(200);

  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${server.url}/admin/activity`);
  await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Factivity$/);
  // a wrong password first: one toast, the form stays
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByText("Login failed").waitFor();
  expect(await page.getByText("Invalid username or password").count()).toBe(1);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${server.url}/admin/activity`);
  await expect.poll(() => page.title()).toMatch(/^Activity · Admin · /);

  const entries = page.getByRole("list", { name: "Activity entries" });
  await entries.getByText(/deleted the show at The Red Room on Mar 14, 2031/).first().waitFor();
  const showLines = await entries.getByRole("listitem").filter({ hasText: /the show at/ }).allTextContents();
  // each entry a sentence (issue 21), the show named as it was when it was changed
  expect(showLines[0]).toMatch(/^admin deleted the show at The Red Room on Mar 14, 2031/);
  expect(showLines[1]).toMatch(/^admin changed the show at The Blue Note on Mar 14, 2031: venue The Blue Note → The Red Room/);
  expect(showLines[2]).toMatch(/^admin added the show at The Blue Note on Mar 14, 2031/);

  await page.getByRole("combobox", { name: "Resource" }).click();
  await page.getByRole("option", { name: "Shows" }).click();
  await expect.poll(() => entries.getByRole("listitem").count()).toBe(3);
  await page.close();
});
