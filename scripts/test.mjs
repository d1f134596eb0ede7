// `npm test`: lint-free type-safe code is checked in CI; this runs every test project:
// server (PGlite, or PostgreSQL with TEST_DATABASE_URL), client (jsdom), and browser (Chromium).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(
    `Browser tests need Chromium at ${chromium}.\n` +
      "Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n" +
      "or point CHROMIUM_PATH at a Chromium/Chrome binary.",
  );
  process.exit(1);
}
const args = ["vitest", "run", ...process.argv.slice(2)];
const result = spawnSync("npx", args, { stdio: "inherit", env: { ...process.env, CHROMIUM_PATH: chromium } });
process.exit(result.status ?? 1);
