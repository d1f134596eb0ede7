// Screenshots for looking at what we build:
//   node scripts/screenshot.mjs <url> <out.png> [width=1440] [--login user:pass] [--full]
// With --login it signs in through /admin/login first (same origin as <url>).
import { chromium } from "playwright-core";

const [url, out, widthArg] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: node scripts/screenshot.mjs <url> <out.png> [width] [--login user:pass] [--full]");
  process.exit(2);
}
const width = Number(widthArg) || 1440;
const loginIdx = process.argv.indexOf("--login");
const full = process.argv.includes("--full");

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
if (loginIdx > 0) {
  const [user, pass] = process.argv[loginIdx + 1].split(":");
  const origin = new URL(url).origin;
  await page.goto(`${origin}/admin/login`);
  await page.getByLabel("Username").fill(user);
  await page.getByLabel("Password").fill(pass);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${origin}/admin`);
}
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: full });
await browser.close();
console.log(`saved ${out} (${width}px)`);
