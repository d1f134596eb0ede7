// Lighthouse with real-sized photos (issue 13): builds the app into a temp folder, serves it with
// the demo content, uploads a 5 MB phone photo as a band member's photo and another as a featured
// merch item (through the admin API, as the admin pages do), then runs Lighthouse 12 (mobile
// defaults, system Chromium) on `/` and `/merch` and prints the median score, LCP, CLS, TBT and
// the image bytes each page downloaded.
//
//   node bench/lighthouse/run.mjs [--runs 3] [--path /,/merch] [--json]
//   node bench/lighthouse/run.mjs --path /releases/bench-release   (adds that release, counting down, first)
//
// On demand only (not in npm test): about 2 minutes on a quiet two-core machine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { ROOT, buildInto, median, serveBuilt } from "../lib/built-app.mjs";
import * as chromeLauncher from "chrome-launcher";
import sharp from "sharp";

const { FormData, Blob } = globalThis;

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const RUNS = Number(opt("runs", "3"));
const PAGES = opt("path", "/,/merch").split(",").filter(Boolean);
const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ADMIN = { username: "admin", password: "bench-password-1" };
const AIM_SCORE = 98;

fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
const work = fs.mkdtempSync(path.join(ROOT, "bench", "results", "lighthouse-"));
const log = (...m) => console.error("[bench]", ...m);

/** A stand-in for a phone photo: 4032 x 3024, ~5 MB of JPEG (the same recipe as tests/support/photos.ts). */
async function phonePhoto() {
  const [width, height] = [4032, 3024];
  const raw = { width, height, channels: 3 };
  const scene = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 80 } } })
    .resize(width, height, { kernel: "cubic", fit: "fill" })
    .raw()
    .toBuffer();
  const grain = await sharp({ create: { ...raw, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 25 } } }).raw().toBuffer();
  return sharp(scene, { raw }).composite([{ input: grain, raw, blend: "overlay" }]).jpeg({ quality: 90 }).toBuffer();
}

/** Uploads the photo twice and puts it on a band member (shown on /) and a featured merch item (/merch). */
async function addPhotos(url, photo) {
  const login = await (await fetch(`${url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) })).json();
  const call = async (p, init) => {
    const res = await fetch(`${url}${p}`, { ...init, headers: { authorization: `Bearer ${login.token}`, ...init.headers } });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()).data;
  };
  const upload = async (p) => {
    const form = new FormData();
    form.append("file", new Blob([photo], { type: "image/jpeg" }), "IMG_2041.jpg");
    const t0 = Date.now();
    const media = await call(p, { method: "POST", body: form });
    log(`uploaded ${(photo.length / 1e6).toFixed(2)} MB to ${p} in ${Date.now() - t0} ms: ${media.variants.length} variants, ${media.variants.map((v) => `${v.width}w.${v.format} ${(v.size / 1024).toFixed(1)} KB`).join(", ")}`);
    return media.filePath;
  };
  const json = { "content-type": "application/json" };
  const memberPhoto = await upload("/api/upload/media?fileType=image");
  await call("/api/band-members", { method: "POST", headers: json, body: JSON.stringify({ name: "Photo Member", role: "Drums", imageUrl: memberPhoto, sortOrder: 0 }) });
  const merchPhoto = await upload("/api/upload/merchandise");
  const item = { name: "Photo Tee", description: "A tee from a phone photo.", price: "20.00", category: "T-Shirt", templateDimensions: "Other", amazonUrl: "", imageUrl: merchPhoto, isFeatured: true };
  await call("/api/merchandise", { method: "POST", headers: json, body: JSON.stringify(item) });
  // a release page asked for (issue 25, '--path /releases/<slug>'): that release, counting down, the photo as its cover
  for (const page of PAGES.filter((p) => p.startsWith("/releases/"))) {
    const tracks = await call("/api/admin/audio-tracks", { method: "GET", headers: {} });
    const release = { title: "Bench Release", slug: page.slice("/releases/".length), type: "ep", releaseAt: new Date(Date.now() + 30 * 86_400_000).toISOString(), description: "A release page with a phone photo as its cover.", coverImage: memberPhoto, links: [{ service: "spotify", url: "https://open.spotify.com/album/bench" }], trackIds: tracks.slice(0, 4).map((t) => t.id), published: true };
    await call("/api/releases", { method: "POST", headers: json, body: JSON.stringify(release) });
  }
  return { memberPhoto, merchPhoto };
}

/** Image requests from Lighthouse's network log: count and bytes on the wire. */
function imageBytes(lhr) {
  const items = (lhr.audits["network-requests"]?.details?.items ?? []).filter((r) => r.resourceType === "Image");
  return { count: items.length, kb: Number((items.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024).toFixed(1)), files: items.map((r) => `${new URL(r.url).pathname} ${((r.transferSize ?? 0) / 1024).toFixed(1)} KB`) };
}

async function measure(chrome, url, page) {
  const runs = [];
  for (let i = 0, failures = 0; i < RUNS; i++) {
    const { lhr } = await lighthouse(`${url}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const missing = ["largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"].filter((a) => typeof lhr.audits[a]?.numericValue !== "number");
    if (lhr.runtimeError || missing.length) {
      log(`${page} run ${i + 1}: no result (${lhr.runtimeError?.code ?? missing.join(", ")}), again`);
      if (++failures > 3) throw new Error("Lighthouse failed 4 times");
      i--;
      continue;
    }
    const run = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
      cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(4)),
      tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
      images: imageBytes(lhr),
      lhr,
    };
    log(`${page} run ${i + 1}: score ${run.score}, LCP ${run.lcpMs} ms, CLS ${run.cls}, TBT ${run.tbtMs} ms, images ${run.images.count} files ${run.images.kb} KB`);
    runs.push(run);
  }
  return {
    page,
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    cls: median(runs.map((r) => r.cls)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    imageKb: median(runs.map((r) => r.images.kb)),
    imageFiles: runs[0].images.files,
    lighthouse: runs[0].lhr.lighthouseVersion,
  };
}

async function main() {
  const [photo] = await Promise.all([phonePhoto(), (log("building into", work), buildInto(work))]);
  const { url, child } = await serveBuilt(work, ADMIN);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
  const results = [];
  let photos;
  try {
    photos = await addPhotos(url, photo);
    for (const page of PAGES) results.push(await measure(chrome, url, page));
  } finally {
    await chrome.kill();
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (args.includes("--json")) {
    console.log(JSON.stringify({ photoBytes: photo.length, photos, runs: RUNS, loadAverage: os.loadavg(), pages: results }, null, 2));
    return;
  }
  console.log(`Lighthouse ${results[0].lighthouse} (mobile), median of ${RUNS}; a ${(photo.length / 1e6).toFixed(2)} MB photo as a member photo (/) and a merch image (/merch); aim: score >= ${AIM_SCORE}`);
  for (const r of results) {
    console.log(`${r.page.padEnd(8)} score ${r.score}  LCP ${r.lcpMs} ms  CLS ${r.cls}  TBT ${r.tbtMs} ms  images ${r.imageKb} KB${r.score < AIM_SCORE ? "  (below the aim)" : ""}`);
    for (const f of r.imageFiles) console.log(`           ${f}`);
  }
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores (a busy machine reads as a slower page)`);
  if (results.some((r) => r.score < AIM_SCORE)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
