// Public page benchmark: builds the app into a temp folder, serves it with the demo content,
// runs Lighthouse 12 (mobile defaults, system Chromium) three times against `/` and prints
// the median performance score, LCP, TBT, CLS and the gzipped JS bytes `/` downloads.
//
//   node bench/public-page/run.mjs [--runs 3] [--path /] [--json]
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const RUNS = Number(opt("runs", "3"));
const PAGE = opt("path", "/");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const BUDGET = { score: 95, jsGzipKb: 110 };

// Inside the project (bench/results is git-ignored): the server bundle resolves node_modules from there.
fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
const work = fs.mkdtempSync(path.join(ROOT, "bench", "results", "public-page-"));
const log = (...m) => console.error("[bench]", ...m);

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function build() {
  log("building into", work);
  process.chdir(ROOT);
  const { buildAll } = await import(path.join(ROOT, "scripts/build.mjs"));
  await buildAll({ quiet: true, clientOut: path.join(work, "client"), serverOut: path.join(work, "server") });
}

async function serve() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(work, "server", "main.js")], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), PUBLIC_URL: url, DATA_DIR: path.join(work, "data"), CLIENT_DIST_DIR: path.join(work, "client"), ADMIN_PASSWORD: "bench-password-1", SEED_DEMO: "true", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

/** Same-origin scripts the page loaded (from Lighthouse's network log), gzipped here at level 9. */
async function gzippedJs(url, lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = [...new Set(items.filter((r) => r.resourceType === "Script" && r.url.startsWith(url)).map((r) => r.url))];
  let raw = 0;
  let gz = 0;
  for (const s of scripts) {
    const body = Buffer.from(await (await fetch(s)).arrayBuffer());
    raw += body.length;
    gz += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.map((s) => new URL(s).pathname), raw, gz };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  await build();
  const { url, child } = await serve();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
  const runs = [];
  try {
    let failures = 0;
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(`${url}${PAGE}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      // a run Lighthouse could not finish (no metrics) is repeated, not reported as a crash
      const missing = ["largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "first-contentful-paint"].filter((a) => typeof lhr.audits[a]?.numericValue !== "number");
      if (lhr.runtimeError || missing.length) {
        log(`run ${i + 1}: Lighthouse gave no result (${lhr.runtimeError?.code ?? `missing ${missing.join(", ")}`}), running it again`);
        if (++failures > 3) throw new Error("Lighthouse failed 4 times; is the machine overloaded?");
        i--;
        continue;
      }
      const run = {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
        tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
        cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(4)),
        fcpMs: Math.round(lhr.audits["first-contentful-paint"].numericValue),
        lhr,
      };
      log(`run ${i + 1}: score ${run.score}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}`);
      runs.push(run);
    }
    const js = await gzippedJs(url, runs[0].lhr);
    const result = {
      lighthouse: runs[0].lhr.lighthouseVersion,
      page: PAGE,
      runs: RUNS,
      formFactor: runs[0].lhr.configSettings.formFactor,
      score: median(runs.map((r) => r.score)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      jsFiles: js.files,
      jsRawKb: Number((js.raw / 1024).toFixed(1)),
      jsGzipKb: Number((js.gz / 1024).toFixed(1)),
    };
    if (args.includes("--json")) console.log(JSON.stringify(result, null, 2));
    else {
      console.log(`Lighthouse ${result.lighthouse} (${result.formFactor}), ${PAGE}, median of ${RUNS}`);
      console.log(`  performance score  ${result.score}   (aim >= ${BUDGET.score})`);
      console.log(`  LCP                ${result.lcpMs} ms`);
      console.log(`  TBT                ${result.tbtMs} ms`);
      console.log(`  CLS                ${result.cls}`);
      console.log(`  FCP                ${result.fcpMs} ms`);
      console.log(`  JS for ${PAGE}: ${result.jsFiles.length} files, ${result.jsRawKb} KB raw, ${result.jsGzipKb} KB gzip   (aim <= ${BUDGET.jsGzipKb} KB)`);
    }
  } finally {
    await chrome.kill();
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
