// Public page benchmark: builds the app into a temp folder, serves it with the demo content,
// runs Lighthouse 12 (mobile defaults, system Chromium) three times against every public page
// and prints, per page, the median performance score, LCP, CLS, TBT, FCP and the gzipped JS
// bytes the page downloads.
//
//   node bench/public-page/run.mjs [--runs 3] [--path /merch[,/videos]] [--json] [--check] [--shifts] [--lcp]
//   [--url http://127.0.0.1:3101]: measure a server already running (built and started by hand, e.g. to
//   compare two builds side by side, or when a busy machine starts the bench's own server too slowly)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import lighthouse from "lighthouse";
import { ROOT, buildInto, median, serveBuilt } from "../lib/built-app.mjs";
import * as chromeLauncher from "chrome-launcher";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const RUNS = Number(opt("runs", "3"));
const ONLY = opt("path", null)?.split(",").filter(Boolean) ?? null;
const RUNNING = opt("url", null)?.replace(/\/+$/, "") ?? null;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// every public page; the JS budget is for `/` (the other pages add their route chunk)
const AIM = { score: 98, lcpMs: 1500, cls: 0.02, homeJsGzipKb: 110 };

// Inside the project (bench/results is git-ignored): the server bundle resolves node_modules from there.
fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
const work = RUNNING ? null : fs.mkdtempSync(path.join(ROOT, "bench", "results", "public-page-"));
const log = (...m) => console.error("[bench]", ...m);

/**
 * The pages to measure: every page the sitemap lists, with only the first of the pages that
 * share a pattern (one /lyrics/{id} stands for all), so a public page added later is measured
 * as soon as the sitemap names it.
 */
async function publicPages(url) {
  if (ONLY) return ONLY;
  const xml = await (await fetch(`${url}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, "&")).pathname);
  const seen = new Set();
  return paths.filter((p) => {
    const pattern = p.replace(/\/\d+(?=\/|$)/g, "/{id}");
    if (seen.has(pattern)) return false;
    seen.add(pattern);
    return true;
  });
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

/** What moved, for --shifts: Lighthouse's layout-shifts audit (element and its score). */
function shifts(lhr) {
  const items = lhr.audits["layout-shifts"]?.details?.items ?? [];
  return items.map((i) => ({ score: Number((i.score ?? 0).toFixed(4)), node: i.node?.snippet ?? i.node?.selector ?? "?" }));
}

/** What --lcp logs: Lighthouse's largest-contentful-paint-element audit (the element, then its phases). */
function lcpElement(lhr) {
  const [element, phases] = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const node = element?.items?.[0]?.node;
  const times = (phases?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(", ");
  return `${node?.snippet ?? node?.selector ?? "?"}${times ? ` (${times})` : ""}`;
}

async function measure(chrome, url, page) {
  const runs = [];
  let failures = 0;
  for (let i = 0; i < RUNS; i++) {
    const { lhr } = await lighthouse(`${url}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    // a run Lighthouse could not finish (no metrics) is repeated, not reported as a crash
    const missing = ["largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "first-contentful-paint"].filter((a) => typeof lhr.audits[a]?.numericValue !== "number");
    if (lhr.runtimeError || missing.length) {
      log(`${page} run ${i + 1}: Lighthouse gave no result (${lhr.runtimeError?.code ?? `missing ${missing.join(", ")}`}), running it again`);
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
    log(`${page} run ${i + 1}: score ${run.score}, LCP ${run.lcpMs} ms, CLS ${run.cls}, TBT ${run.tbtMs} ms`);
    if (args.includes("--shifts")) for (const s of shifts(lhr)) log(`    shift ${s.score}  ${s.node}`);
    if (args.includes("--lcp")) log(`    LCP element ${lcpElement(lhr)}`);
    runs.push(run);
  }
  const js = await gzippedJs(url, runs[0].lhr);
  return {
    page,
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    cls: median(runs.map((r) => r.cls)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    jsFiles: js.files,
    jsRawKb: Number((js.raw / 1024).toFixed(1)),
    jsGzipKb: Number((js.gz / 1024).toFixed(1)),
    lighthouse: runs[0].lhr.lighthouseVersion,
    formFactor: runs[0].lhr.configSettings.formFactor,
  };
}

/** What a page misses of the aims (empty when it meets them all). */
function misses(r) {
  const out = [];
  if (r.score < AIM.score) out.push(`score < ${AIM.score}`);
  if (r.lcpMs > AIM.lcpMs) out.push(`LCP > ${AIM.lcpMs} ms`);
  if (r.cls > AIM.cls) out.push(`CLS > ${AIM.cls}`);
  if (r.page === "/" && r.jsGzipKb > AIM.homeJsGzipKb) out.push(`JS > ${AIM.homeJsGzipKb} KB`);
  return out;
}

function table(results) {
  const rows = [["page", "score", "LCP ms", "CLS", "TBT ms", "FCP ms", "JS KB gz", "aims"]];
  for (const r of results) rows.push([r.page, r.score, r.lcpMs, r.cls.toFixed(3), r.tbtMs, r.fcpMs, r.jsGzipKb.toFixed(1), misses(r).join(", ") || "ok"].map(String));
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return rows.map((row, i) => row.map((cell, c) => (c === 0 || c === row.length - 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ").trimEnd() + (i === 0 ? `\n${widths.map((w) => "-".repeat(w)).join("  ")}` : "")).join("\n");
}

async function main() {
  let url = RUNNING;
  let child = null;
  if (!RUNNING) {
    log("building into", work);
    await buildInto(work);
    ({ url, child } = await serveBuilt(work, { username: "admin", password: "bench-password-1" }));
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
  const results = [];
  try {
    const pages = await publicPages(url);
    log("pages:", pages.join(" "));
    for (const page of pages) results.push(await measure(chrome, url, page));
  } finally {
    await chrome.kill();
    if (child) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  if (args.includes("--json")) console.log(JSON.stringify({ aims: AIM, runs: RUNS, loadAverage: os.loadavg(), pages: results }, null, 2));
  else {
    console.log(`Lighthouse ${results[0].lighthouse} (${results[0].formFactor}), median of ${RUNS} per page; aims: score >= ${AIM.score}, LCP <= ${AIM.lcpMs} ms, CLS <= ${AIM.cls}, JS for / <= ${AIM.homeJsGzipKb} KB gzip`);
    console.log(table(results));
    // Lighthouse's simulated throttling scales the CPU time it observed: other work on the machine reads as a slower page.
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores (numbers from a busy machine are pessimistic)`);
  }
  if (args.includes("--check") && results.some((r) => misses(r).length)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
