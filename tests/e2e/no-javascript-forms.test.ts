import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../src/server/test/smtp-sink";
import { E2E_ADMIN, launchBrowser, startServer, type RunningServer } from "./harness";

/**
 * Issue 21: a fan whose browser runs no JavaScript (a locked-down in-app browser, a crawler)
 * signs up, writes to the band, confirms, changes preferences and leaves, all through ordinary
 * form posts answered with pages, with the same messages the app shows.
 */
let server: RunningServer;
let sink: SmtpSink;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({ env: { SMTP_URL: sink.url } });
  browser = await launchBrowser();
  context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

/** The links of the newest mail to `to`. */
async function linksTo(to: string, what: string): Promise<string[]> {
  const mails = await sink.waitFor((m) => m.some((x) => x.to.includes(to) && x.links().some((l) => l.includes(what))));
  return mails.filter((x) => x.to.includes(to)).flatMap((m) => m.links());
}

describe("the public forms with JavaScript off", () => {
  test("signup: a refused post keeps what was typed and says why beside the field; a good one thanks; the mailed links verify, save preferences and delete", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/#booking`);
    await page.locator("#subscribe-name").fill("Robin Sauls");
    await page.locator("#subscribe-email").fill("robin-at-fans");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.locator("#subscribe-email-error").waitFor();
    expect(await page.locator("#subscribe-email-error").textContent()).toBe("Please enter a valid email address");
    expect(await page.locator("#subscribe-name").inputValue()).toBe("Robin Sauls");
    expect(await page.locator("#subscribe-email").getAttribute("aria-invalid")).toBe("true");

    await page.locator("#subscribe-email").fill("robin@fans.example");
    await page.getByRole("button", { name: "Subscribe" }).click();
    // the form's #booking stays on the address after the redirect (a browser keeps a fragment the Location lacks)
    await page.waitForURL(/\/thanks\/subscribe(#booking)?$/);
    expect(await page.getByText("Please check your email to verify your subscription.").isVisible()).toBe(true);

    const verify = (await linksTo("robin@fans.example", "/verify-email?")).find((l) => l.startsWith(`${server.url}/verify-email?`))!;
    await page.goto(verify);
    await page.getByText("Your email has been verified successfully!").waitFor();

    // the welcome mail's preferences link
    const preferences = (await linksTo("robin@fans.example", "/preferences?")).find((l) => l.startsWith(`${server.url}/preferences?`))!;
    await page.goto(preferences);
    expect(await page.locator("#preferences-name").inputValue()).toBe("Robin Sauls");
    await page.locator("#preferences-name").fill("Robin S.");
    await page.getByLabel("Merch").uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Your preferences have been saved.").waitFor();
    expect(await page.locator("#preferences-name").inputValue()).toBe("Robin S.");
    expect(await page.getByLabel("Merch").isChecked()).toBe(false);

    // deleting asks first: without the app's dialog, a box to tick
    await page.getByRole("button", { name: "Delete my data" }).click();
    await page.getByText("Tick the box to confirm that everything should be deleted.").waitFor();
    await page.getByLabel(/Yes, delete everything/).check();
    await page.getByRole("button", { name: "Delete my data" }).click();
    await page.getByText("Your subscription has been deleted. Nothing more is stored about you.").waitFor();
    await page.close();
  });

  test("the message form: a missing message is refused with the spec's text, a good one is sent once", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/#contact`);
    await page.locator("#contact-email").fill("promoter@venue.example");
    await page.locator("#contact-type").selectOption("booking");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.locator("#contact-message-error").waitFor();
    expect(await page.locator("#contact-message-error").textContent()).toBe("Message is required");
    expect(await page.locator("#contact-email").inputValue()).toBe("promoter@venue.example");
    expect(await page.locator("#contact-type").inputValue()).toBe("booking");

    await page.locator("#contact-message").fill("Friday in Greenville?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL(/\/thanks\/contact(#contact)?$/);
    expect(await page.getByText("Thank you for reaching out. We'll get back to you soon.").isVisible()).toBe(true);
    // a reload of the thanks page posts nothing: still one message in the inbox
    await page.reload();
    const login = await fetch(`${server.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
    const { token } = (await login.json()) as { token: string };
    const inbox = (await (await fetch(`${server.url}/api/admin/messages`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { email: string }[] };
    expect(inbox.data.filter((m) => m.email === "promoter@venue.example")).toHaveLength(1);
    await page.close();
  });

  test("the unsubscribe link's page unsubscribes with its button", async () => {
    const page = await context.newPage();
    await fetch(`${server.url}/api/subscribe`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "quiet@fans.example", interests: { shows: true } }) });
    const unsubscribe = (await linksTo("quiet@fans.example", "/unsubscribe?")).find((l) => l.startsWith(`${server.url}/unsubscribe?`))!;
    await page.goto(unsubscribe);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByText("You have been unsubscribed. You will not receive any more newsletters.").waitFor();
    await page.close();
  });

  test("'Want us in your town?': a refused post says why and keeps what was typed; a good one thanks and is counted", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/#town-request`);
    await page.locator("#town-place").fill("x");
    await page.locator("#town-email").fill("town@fans.example");
    await page.getByRole("button", { name: "Tell us" }).click();
    await page.getByText("Please tell us your town").waitFor();
    expect(new URL(page.url()).pathname).toBe("/api/town-requests");
    expect(await page.locator("#town-email").inputValue()).toBe("town@fans.example");
    await page.locator("#town-place").fill("Wilmington, NC");
    await page.getByRole("button", { name: "Tell us" }).click();
    await page.getByText("Thanks! We'll keep your town in mind. Check your email to confirm you want show news.").waitFor();
    const login = await fetch(`${server.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
    const { token } = (await login.json()) as { token: string };
    const counts = (await (await fetch(`${server.url}/api/admin/town-requests`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { place: string; count: number }[] };
    expect(counts.data.find((c) => c.place.startsWith("Wilmington, North Carolina"))?.count).toBe(1);
    await linksTo("town@fans.example", "/verify-email?");
    await page.close();
  });
});
