import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openPglite } from "../../src/server/db/client";
import { subscribers } from "../../src/server/db/schema";
import { startSmtpSink, type SmtpSink } from "../../src/server/test/smtp-sink";
import { E2E_ADMIN, freshDataDir, launchBrowser, loginAsAdmin, startServer, waitForApp, type RunningServer } from "./harness";
import { sidewaysScroll } from "./page-checks";

const running: RunningServer[] = [];
let sink: SmtpSink;
let browser: Browser;

beforeAll(async () => {
  sink = await startSmtpSink();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const s of running) await s.stop();
  await browser?.close();
  await sink?.close();
});

async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
  return (await res.json()).token;
}

async function newsletters(url: string, token: string) {
  const res = await fetch(`${url}/api/newsletters`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data as { id: number; status: string; sent: number; failed: number; pending: number; unknown: number; totalRecipients: number }[];
}

describe("fans and mail in the browser", () => {
  test("a fan subscribes on /, opens the mailed link and is verified; an admin sends a newsletter and watches it finish", async () => {
    const server = await startServer({ env: { SMTP_URL: sink.url } });
    running.push(server);
    const page = await browser.newPage();

    await page.goto(`${server.url}/#booking`);
    await waitForApp(page);
    await page.locator("#subscribe-name").fill("Robin");
    await page.locator("#subscribe-email").fill("robin@fans.example");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByText("Please check your email to verify your subscription.").first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Subscribe another" }).isVisible()).toBe(true);

    const [mail] = (await sink.waitFor((m) => m.some((x) => x.to.includes("robin@fans.example")))).filter((x) => x.to.includes("robin@fans.example"));
    const link = mail.links().find((l) => l.includes("/verify-email?"))!;
    expect(link.startsWith(`${server.url}/verify-email?`)).toBe(true);
    await page.goto(link);
    await page.getByText("Your email has been verified successfully!").waitFor();

    await loginAsAdmin(page, server.url);
    await page.goto(`${server.url}/admin/subscribers/newsletter`);
    await page.getByLabel("Subject").fill("Spring tour");
    await page.getByLabel("Content").fill("Ten dates.\n\nTickets on <b>Friday</b>.");
    await page.getByRole("tab", { name: "Send" }).click();
    await page.getByText("1 recipient(s) selected").waitFor();
    await page.getByRole("button", { name: "Send to All Selected Recipients" }).click();
    // issue 13: 'Send to N fans?' is confirmed first (a tick for a few fans)
    const confirm = page.getByRole("dialog", { name: "Send to 1 fan?" });
    await confirm.getByRole("checkbox", { name: "Yes, send it to 1 fan" }).click();
    await confirm.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText("Newsletter sent").waitFor();
    const progress = page.getByTestId("newsletter-progress").first();
    await progress.getByText("Done").waitFor({ timeout: 20_000 });
    await progress.getByText(/1 sent \/ 0 failed \/ 0 pending of 1/).waitFor();
    // Subject and content are cleared after a real send.
    await page.getByRole("tab", { name: "Compose" }).click();
    expect(await page.getByLabel("Subject").inputValue()).toBe("");

    const tour = sink.mails.filter((m) => m.subject === "Spring tour");
    expect(tour.map((m) => m.to[0])).toEqual(["robin@fans.example"]);
    expect(tour[0].decoded).toContain("<b>Friday</b>");
    await page.close();
  });
});

/** WCAG contrast ratio of two computed CSS colours ('rgb(r, g, b)'). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("fans on a phone, keyboard only", () => {
  test("both public forms at 390 px: readable buttons and errors, focus lands where it should, nothing overflows; the inbox wraps a long address", async () => {
    const server = await startServer({ env: { SMTP_URL: sink.url, FORM_RATE_LIMIT: "100" } });
    running.push(server);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const overflow = () => sidewaysScroll(page);
    const focused = () => page.evaluate(() => ({ id: document.activeElement?.id, role: document.activeElement?.getAttribute("role"), text: document.activeElement?.textContent ?? "" }));
    const colours = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const style = getComputedStyle(el);
        return { fg: style.color, bg: style.backgroundColor };
      });

    await page.goto(`${server.url}/#booking`);
    await page.locator("#subscribe-email").waitFor();
    // the forms are in the server's HTML (decision 029): the keyboard checks below are the app's, so wait for it
    await waitForApp(page);
    expect(await overflow()).toBe(0);
    for (const name of ["Subscribe", "Send Message"]) {
      const { fg, bg } = await page.getByRole("button", { name }).evaluate((el) => ({ fg: getComputedStyle(el).color, bg: getComputedStyle(el).backgroundColor }));
      expect(contrast(fg, bg), `${name} button`).toBeGreaterThanOrEqual(4.5);
    }

    // The message form, keyboard only: an empty send puts the focus on the first field to fix.
    await page.locator("#contact-name").focus();
    await page.keyboard.press("Tab"); // email
    await page.keyboard.press("Tab"); // type
    await page.keyboard.press("Tab"); // message
    await page.keyboard.type("We want you for a basement show.");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect((await focused()).id).toBe("contact-email");
    const pageBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(contrast((await colours("#contact-email-error")).fg, pageBg)).toBeGreaterThanOrEqual(4.5);
    await page.keyboard.type("venue@example.com");
    await page.keyboard.press("Tab"); // type: Booking by arrow key
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await focused()).role).toBe("status");
    expect((await focused()).text).toContain("Thank you for reaching out. We'll get back to you soon.");
    expect(await overflow()).toBe(0);

    // The signup, keyboard only: Enter in the e-mail field subscribes; the thanks takes the focus.
    await page.locator("#subscribe-email").focus();
    await page.keyboard.type("keys@fans.example");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await focused()).text).toContain("Please check your email to verify your subscription.");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter"); // 'Subscribe another'
    await expect.poll(async () => (await focused()).id).toBe("subscribe-name");

    for (const path of ["/verify-email?email=a%40b.co&token=nope", "/unsubscribe?email=a%40b.co&token=nope"]) {
      await page.goto(`${server.url}${path}`);
      await page.locator("main h1").waitFor();
      await page.waitForTimeout(300);
      expect(await overflow(), path).toBe(0);
    }

    // The admin reads the booking request on a phone: a long address wraps instead of running off the card.
    const long = "averyveryveryverylongemailaddressfrombooking@someverylongvenuedomain.example";
    await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: long, messageType: "press", message: "Hi" }) });
    await loginAsAdmin(page, server.url);
    await page.goto(`${server.url}/admin/messages`);
    await page.getByTestId("message-list").getByRole("button", { name: /Anonymous.*Press/ }).click();
    const article = page.getByRole("article");
    await article.getByText(long).waitFor();
    expect(await article.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(await overflow()).toBe(0);
    await page.close();
  });
});

describe("durable newsletter sending", () => {
  test("SIGKILL mid-send, restart: nobody gets two copies, nobody is skipped; unknown outcomes are reported", async () => {
    const RECIPIENTS = 3000;
    const CONCURRENCY = 4;
    const dataDir = freshDataDir({ seed: false });
    // The list exists before the server starts (one process owns a PGlite directory at a time).
    const db = await openPglite({ dataDir: path.join(dataDir, "db") });
    const emails = Array.from({ length: RECIPIENTS }, (_, i) => `fan${i}@crash.example`);
    for (let i = 0; i < emails.length; i += 500) {
      await db.db.insert(subscribers).values(emails.slice(i, i + 500).map((email) => ({ email, showsInterest: true, isVerified: true })));
    }
    await db.close();

    const counts = new Map<string, number>();
    const crashSink = await startSmtpSink({ store: false, onMail: (to) => to.forEach((a) => counts.set(a, (counts.get(a) ?? 0) + 1)) });
    try {
      const env = { SMTP_URL: crashSink.url, MAIL_CONCURRENCY: String(CONCURRENCY), MAIL_RATE_PER_SECOND: "1000" };
      const first = await startServer({ env, dataDir, seed: false });
      running.push(first);
      const token = await adminToken(first.url);
      const res = await fetch(`${first.url}/api/newsletter/send`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ subject: "Crash course", content: "Hello", targetShows: true }),
      });
      expect(res.status).toBe(202);
      expect((await res.json()).data.recipients).toBe(RECIPIENTS);

      await expect.poll(() => counts.size, { timeout: 60_000, interval: 20 }).toBeGreaterThan(RECIPIENTS / 4);
      await first.kill();
      const beforeRestart = counts.size;
      expect(beforeRestart).toBeLessThan(RECIPIENTS); // really killed mid-way

      const second = await startServer({ env, dataDir, seed: false });
      running.push(second);
      const token2 = await adminToken(second.url);
      await expect.poll(async () => (await newsletters(second.url, token2))[0].status, { timeout: 60_000, interval: 250 }).toBe("done");
      const [report] = await newsletters(second.url, token2);
      const detail = await (await fetch(`${second.url}/api/newsletters/${report.id}`, { headers: { authorization: `Bearer ${token2}` } })).json();
      const unknown = new Set<string>(detail.data.unknownRecipients.map((r: { email: string }) => r.email));

      console.info(`crash test: ${beforeRestart} delivered before SIGKILL, ${unknown.size} reported unknown, ${counts.size} delivered in all`);
      const duplicates = [...counts].filter(([, n]) => n > 1);
      expect(duplicates).toEqual([]);
      expect(unknown.size).toBeLessThanOrEqual(CONCURRENCY);
      const missing = emails.filter((e) => !counts.has(e) && !unknown.has(e));
      expect(missing).toEqual([]);
      expect(report).toMatchObject({ totalRecipients: RECIPIENTS, failed: 0, pending: 0, unknown: unknown.size });
      expect(report.sent + report.unknown).toBe(RECIPIENTS);
      await second.stop();
    } finally {
      await crashSink.close();
    }
    // two server starts and 3,000 mails: ~40 s alone, and past the browser files' 90 s on a
    // loaded 2-core machine (its first try failed in two of three full runs on 27 Nov; its retry passed)
  }, 180_000);
});
