/* global document */ // the callbacks of page.waitForFunction run in the page
// Screenshots of admin pages, signed in, at a phone's and a desktop's width (full page), to look
// at what a band member sees.
//
//   ADMIN_PASSWORD=... node bench/admin/screenshots.mjs http://127.0.0.1:3101 [/admin,/admin/shows] [out-dir]
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const [base, pages = "/admin", out = "bench/results/admin-screenshots"] = process.argv.slice(2);
if (!base) throw new Error("usage: screenshots.mjs <base url> [paths] [out dir]");
const username = process.env.ADMIN_USERNAME ?? "admin";
const password = process.env.ADMIN_PASSWORD;
if (!password) throw new Error("set ADMIN_PASSWORD (and ADMIN_USERNAME if not admin)");
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const width of [390, 1440]) {
    const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
    const login = await ctx.newPage();
    await login.goto(`${base}/admin/login`);
    await login.getByLabel("Username").fill(username);
    await login.getByLabel("Password").fill(password);
    await login.getByRole("button", { name: /sign in|log in|login/i }).click();
    await login.waitForURL((url) => !url.pathname.endsWith("/login"));
    await login.close();
    for (const p of pages.split(",")) {
      const page = await ctx.newPage();
      await page.goto(base + p, { waitUntil: "networkidle" });
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(400);
      const file = path.join(out, `${p.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "admin"}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await page.close();
    }
    await ctx.close();
  }
} finally {
  await browser.close();
}
