/* global document */ // the callbacks of page.waitForFunction and page.evaluate run in the page
// Screenshots of public pages as the server draws them (JavaScript off) and once the app runs,
// at a phone's and a desktop's width, to look at what a visitor sees before and after hydration.
//
//   node bench/public-page/screenshots.mjs http://127.0.0.1:3101 [/,/videos] [out-dir]
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const [base, pages = "/,/videos", out = "bench/results/screenshots"] = process.argv.slice(2);
if (!base) throw new Error("usage: screenshots.mjs <base url> [paths] [out dir]");
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const js of [false, true]) {
    for (const width of [390, 1440]) {
      const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, javaScriptEnabled: js });
      for (const p of pages.split(",")) {
        const page = await ctx.newPage();
        await page.goto(base + p, { waitUntil: "load" });
        // with JS: until React has the page and the body font is in
        if (js) await page.waitForFunction(() => Object.keys(document.querySelector("#root nav") ?? {}).some((k) => k.startsWith("__reactFiber")));
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(500);
        const file = path.join(out, `${p === "/" ? "home" : p.replace(/\W+/g, "-").replace(/^-/, "")}-${width}-${js ? "js" : "nojs"}.png`);
        await page.screenshot({ path: file, fullPage: false });
        console.log(file);
        await page.close();
      }
      await ctx.close();
    }
  }
} finally {
  await browser.close();
}
