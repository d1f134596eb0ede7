// `npm test`: every test project: server (PGlite, or PostgreSQL when TEST_DATABASE_URL is set),
// client (jsdom) and browser (system Chromium). Extra arguments go to vitest
// (e.g. `npm test -- --project server`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const args = process.argv.slice(2);
const wantsBrowser = !args.includes("--project") || args.includes("e2e");
if (wantsBrowser && !fs.existsSync(chromium)) {
  console.error(
    `Browser tests need Chromium at ${chromium}.\n` +
      "Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n" +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  process.exit(1);
}

const report = ".test-data/vitest-report.json";
fs.mkdirSync(".test-data", { recursive: true });
fs.rmSync(report, { force: true });
const result = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...args], {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: chromium },
});

// One plain closing line that any CI can read.
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, "utf8"));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`\nTests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`);
}
process.exit(result.status ?? 1);
