import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openPglite } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { subscribers } from "../../src/server/db/schema";
import { startSmtpSink, type SmtpSink } from "../../src/server/mail/smtp-sink";
import { E2E_ADMIN, launchBrowser, loginAsAdmin, startServer, type RunningServer } from "./harness";

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

describe("durable newsletter sending", () => {
  test("SIGKILL mid-send, restart: nobody gets two copies, nobody is skipped; unknown outcomes are reported", async () => {
    const RECIPIENTS = 3000;
    const CONCURRENCY = 4;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-e2e-crash-"));
    // The list exists before the server starts (one process owns a PGlite directory at a time).
    const db = await openPglite({ dataDir: path.join(dataDir, "db") });
    await migrate(db);
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
  });
});
