/**
 * Newsletter delivery bench: N verified subscribers, one newsletter, delivered by the real worker
 * to a local SMTP sink (smtp-server in this process). Prints messages per second, peak RSS and
 * duplicates / missing (both must be 0), then streams the CSV export of the same list.
 *
 *   npx tsx bench/newsletter/run.ts            # 10,000 and 100,000
 *   npx tsx bench/newsletter/run.ts 5000       # other sizes
 *   MAIL_CONCURRENCY=8 npx tsx bench/newsletter/run.ts
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../src/server/app";
import { testConfig } from "../../src/server/config";
import { openPglite } from "../../src/server/db/client";
import { ensurePrimaryAdmin } from "../../src/server/db/bootstrap";
import { migrate } from "../../src/server/db/migrate";
import { subscribers } from "../../src/server/db/schema";

/** The sink runs in a child process (see sink-process.ts) so it does not share the sender's CPU. */
async function startSinkProcess(): Promise<{ url: string; counts: () => Promise<Map<string, number>>; close: () => void; child: ChildProcess }> {
  const child = fork(new URL("./sink-process.ts", import.meta.url).pathname, { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve) => child.once("message", (m: { port: number }) => resolve(m.port)));
  return {
    child,
    url: `smtp://127.0.0.1:${port}`,
    counts: () =>
      new Promise((resolve) => {
        child.once("message", (m: { counts: [string, number][] }) => resolve(new Map(m.counts)));
        child.send({ type: "report" });
      }),
    close: () => child.send({ type: "close" }),
  };
}

const ADMIN = { username: "admin", password: "bench-password-1" };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return { stop: () => (clearInterval(timer), Math.max(peak, process.memoryUsage().rss)) };
}

async function benchOnce(n: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-bench-"));
  const sink = await startSinkProcess();
  const database = await openPglite({ dataDir: path.join(dataDir, "db") });
  try {
    await migrate(database);
    const emails = Array.from({ length: n }, (_, i) => `fan${i}@bench.example`);
    const seedStart = performance.now();
    for (let i = 0; i < n; i += 1000) {
      await database.db.insert(subscribers).values(emails.slice(i, i + 1000).map((email, j) => ({ email, name: `Fan ${i + j}`, showsInterest: true, releasesInterest: j % 2 === 0, isVerified: true })));
    }
    const seedMs = performance.now() - seedStart;

    const config = testConfig({
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      MAIL_CONCURRENCY: Number(process.env.MAIL_CONCURRENCY ?? 8),
      MAIL_RATE_PER_SECOND: Number(process.env.MAIL_RATE_PER_SECOND ?? 100_000),
    });
    await ensurePrimaryAdmin(database.db, config, { info() {}, warn() {} } as never);
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const login = await app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
    const headers = { authorization: `Bearer ${login.json().token}` };

    global.gc?.();
    const rss = rssSampler();
    const start = performance.now();
    const send = await app.inject({ method: "POST", url: "/api/newsletter/send", headers, payload: { subject: "Bench", content: "<p>Hello <b>fans</b></p>", targetShows: true } });
    if (send.statusCode !== 202) throw new Error(`send failed: ${send.body}`);
    const queuedMs = performance.now() - start;
    const worker = await app.newsletterWorker.start({ pollMs: 20 });
    for (;;) {
      await worker.idle();
      const [p] = (await app.inject({ method: "GET", url: "/api/newsletters", headers })).json().data;
      if (p.status === "done") break;
    }
    const seconds = (performance.now() - start) / 1000;
    await worker.stop();
    const sendPeak = rss.stop();
    const [progress] = (await app.inject({ method: "GET", url: "/api/newsletters", headers })).json().data;
    const counts = await sink.counts();
    const duplicates = [...counts.values()].filter((c) => c > 1).length;
    const missing = emails.filter((e) => !counts.has(e)).length;

    // The CSV export, streamed over a real socket and discarded as it arrives.
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
    global.gc?.();
    const exportRss = rssSampler();
    const exportStart = performance.now();
    const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
      http.get({ port, path: "/api/subscribers/export", headers }, (res) => {
        let bytes = 0;
        let lines = 0;
        res.on("data", (c: Buffer) => {
          bytes += c.length;
          for (const b of c) if (b === 10) lines++;
        });
        res.on("end", () => resolve({ bytes, lines }));
        res.on("error", reject);
      });
    });
    const exportSeconds = (performance.now() - exportStart) / 1000;
    const exportPeak = exportRss.stop();
    await app.close();

    console.log(
      [
        `subscribers: ${n.toLocaleString("en-US")} (seeded in ${(seedMs / 1000).toFixed(1)} s)`,
        `  send: queued in ${queuedMs.toFixed(0)} ms, delivered in ${seconds.toFixed(1)} s = ${(n / seconds).toFixed(0)} messages/s (concurrency ${config.MAIL_CONCURRENCY})`,
        `  progress: ${progress.sent} sent / ${progress.failed} failed / ${progress.pending} pending / ${progress.unknown} unknown`,
        `  sink: ${counts.size.toLocaleString("en-US")} recipients, duplicates ${duplicates}, missing ${missing}`,
        `  peak RSS while sending: ${mb(sendPeak)} (this process: app + PGlite; the sink runs in its own process)`,
        `  CSV export: ${lines - 1} rows, ${mb(bytes)} in ${exportSeconds.toFixed(1)} s, peak RSS ${mb(exportPeak)}`,
      ].join("\n"),
    );
    return { duplicates, missing };
  } finally {
    await database.close().catch(() => {});
    sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sizes = process.argv.slice(2).map(Number).filter((x) => x > 0);
let bad = false;
for (const n of sizes.length ? sizes : [10_000, 100_000]) {
  const r = await benchOnce(n);
  if (r.duplicates || r.missing) bad = true;
}
process.exit(bad ? 1 : 0);
