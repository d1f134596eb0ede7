// `npm test`: every test project: server (PGlite, or PostgreSQL when TEST_DATABASE_URL is set),
// client (jsdom) and browser (system Chromium). Extra arguments go to vitest
// (e.g. `npm test -- --project server`).
import { spawn } from "node:child_process";
import fs from "node:fs";

// Only checked here: the environment goes on as it was given (decision 052). Set, CHROMIUM_PATH
// names the one browser for every browser test; unset, most run in Debian's lighter headless
// shell when it is installed (decision 045).
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

fs.mkdirSync(".test-data", { recursive: true });

/** One vitest run with its own JSON report (CI runs the PostgreSQL pass beside this one too). */
function vitest(extra, { buffered = false } = {}) {
  const report = `.test-data/vitest-report-${process.pid}-${extra.join("-").replace(/[^a-z0-9-]/gi, "")}.json`;
  fs.rmSync(report, { force: true });
  const child = spawn("npx", ["vitest", "run", "--reporter=default", "--reporter=./tests/support/retried-reporter.ts", "--reporter=json", `--outputFile.json=${report}`, ...extra], {
    stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  return new Promise((resolve) =>
    child.on("close", (code) => {
      if (buffered) process.stdout.write(output);
      let counts = null;
      if (fs.existsSync(report)) {
        counts = JSON.parse(fs.readFileSync(report, "utf8"));
        fs.rmSync(report, { force: true });
      }
      resolve({ code: code ?? 1, counts });
    }),
  );
}

// One vitest run: the server and client files first, then the browser files (their own group,
// two at a time, vitest.config.ts). Running the browser files beside the others was faster on a
// quiet machine but timed out under load (decision 031); PARALLEL_E2E=1 tries it.
const runs =
  args.length === 0 && process.env.PARALLEL_E2E === "1"
    ? await Promise.all([vitest(["--project", "server", "--project", "client"]), vitest(["--project", "e2e"], { buffered: true })])
    : [await vitest(args)];

// One plain closing line that any CI can read.
if (runs.every((r) => r.counts)) {
  const sum = (key) => runs.reduce((n, r) => n + (r.counts[key] ?? 0), 0);
  const skipped = sum("numPendingTests") + sum("numTodoTests");
  console.log(`\nTests: ${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed${skipped ? `, ${skipped} skipped` : ""}`);
}
process.exit(runs.every((r) => r.code === 0) ? 0 : 1);
