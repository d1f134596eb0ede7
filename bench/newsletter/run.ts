/**
 * Newsletter delivery bench: N verified subscribers, one newsletter, delivered by the real worker
 * to a local SMTP sink (smtp-server in a child process). Prints messages per second, idle and peak
 * RSS and duplicates / missing (both must be 0), then streams the CSV export of the same list.
 * PGlite by default; with DATABASE_URL, PostgreSQL: a fresh database on that server per size,
 * dropped afterwards (the URL's own database is only used to create and drop it).
 *
 *   npx tsx bench/newsletter/run.ts            # 10,000 and 100,000
 *   npx tsx bench/newsletter/run.ts 5000       # other sizes
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/newsletter/run.ts 100000
 *   MAIL_CONCURRENCY=8 npx tsx bench/newsletter/run.ts
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { testConfig } from "../../src/server/config";
import { openBenchDatabase, rssSampler } from "../lib/bench-database";
import { ensurePrimaryAdmin } from "../../src/server/db/bootstrap";
import { migrate } from "../../src/server/db/migrate";
import { subscribers } from "../../src/server/db/schema";

/** The sink runs in a child process (see sink-process.ts) so it does not share the sender's CPU. */
async function startSinkProcess(): Promise<{ url: string; counts: () => Promise<{ counts: Map<string, number>; cpuSeconds: number }>; close: () => void; child: ChildProcess }> {
  const child = fork(new URL("./sink-process.ts", import.meta.url).pathname, { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve) => child.once("message", (m: { port: number }) => resolve(m.port)));
  return {
    child,
    url: `smtp://127.0.0.1:${port}`,
    counts: () =>
      new Promise((resolve) => {
        child.once("message", (m: { counts: [string, number][]; cpuSeconds: number }) => resolve({ counts: new Map(m.counts), cpuSeconds: m.cpuSeconds }));
        child.send({ type: "report" });
      }),
    close: () => child.send({ type: "close" }),
  };
}

const ADMIN = { username: "admin", password: "bench-password-1" };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** RSS and where it is: the JS heap, or external memory (Buffers, PGlite's wasm memory) */
const breakdown = (m: NodeJS.MemoryUsage) => `${mb(m.rss)} (heap ${mb(m.heapUsed)} used / ${mb(m.heapTotal)}, external ${mb(m.external)}, of it arrayBuffers ${mb(m.arrayBuffers)})`;
// a real gc() before each measurement, without having to start node with --expose-gc
v8.setFlagsFromString("--expose-gc");
const gc: () => void = runInNewContext("gc");




async function benchOnce(n: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-bench-"));
  const sink = await startSinkProcess();
  const { database, url } = await openBenchDatabase(dataDir, "bench_newsletter");
  try {
    await migrate(database);
    const email = (i: number) => `fan${i}@bench.example`;
    const seedStart = performance.now();
    // one statement in the database, so the seeding leaves nothing in this process's heap to skew the idle RSS
    await database.db.execute(sql`
      insert into ${subscribers} (email, name, shows_interest, releases_interest, is_verified)
      select 'fan' || i || '@bench.example', 'Fan ' || i, true, i % 2 = 0, true from generate_series(0, ${n - 1}::int) as i`);
    const seedMs = performance.now() - seedStart;

    const config = testConfig({
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url } : {}),
      SMTP_URL: sink.url,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // 16 connections: a relay that takes ~1,700 mails a second takes many at once (see README.md)
      MAIL_CONCURRENCY: Number(process.env.MAIL_CONCURRENCY ?? 16),
      MAIL_RATE_PER_SECOND: Number(process.env.MAIL_RATE_PER_SECOND ?? 100_000),
    });
    await ensurePrimaryAdmin(database.db, config, { info() {}, warn() {} } as never);
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const login = await app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
    const headers = { authorization: `Bearer ${login.json().token}` };

    // idle: the app built and logged into, nothing sent yet, after a gc and a second's rest
    gc();
    await new Promise((r) => setTimeout(r, 1000));
    const idle = process.memoryUsage();
    const rss = rssSampler();
    const cpuStart = process.cpuUsage();
    const loadAtStart = os.loadavg()[0];
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
    const cpu = process.cpuUsage(cpuStart);
    await worker.stop();
    const sendPeak = rss.stop();
    const [progress] = (await app.inject({ method: "GET", url: "/api/newsletters", headers })).json().data;
    const { counts, cpuSeconds: sinkCpu } = await sink.counts();
    const duplicates = [...counts.values()].filter((c) => c > 1).length;
    let missing = 0;
    for (let i = 0; i < n; i++) if (!counts.has(email(i))) missing++;

    // The CSV export, streamed over a real socket and discarded as it arrives.
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
    gc();
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

    const where = database.kind === "pglite" ? "app + PGlite" : "the app only: PostgreSQL's own memory is in its server processes, not here";
    console.log(
      [
        `subscribers: ${n.toLocaleString("en-US")} on ${database.kind} (seeded in ${(seedMs / 1000).toFixed(1)} s)`,
        `  send: queued in ${queuedMs.toFixed(0)} ms, delivered in ${seconds.toFixed(1)} s = ${(n / seconds).toFixed(0)} messages/s (concurrency ${config.MAIL_CONCURRENCY})`,
        `  CPU while sending: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, sink ${sinkCpu.toFixed(1)} s (whole run), on ${os.cpus().length} cores; load average ${loadAtStart.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end`,
        `  progress: ${progress.sent} sent / ${progress.failed} failed / ${progress.pending} pending / ${progress.unknown} unknown`,
        `  sink: ${counts.size.toLocaleString("en-US")} recipients, duplicates ${duplicates}, missing ${missing}`,
        `  idle RSS before sending: ${breakdown(idle)}`,
        `  peak RSS while sending: ${breakdown(sendPeak)}`,
        `  (RSS is this process: ${where}; the SMTP sink runs in a process of its own)`,
        `  CSV export: ${lines - 1} rows, ${mb(bytes)} in ${exportSeconds.toFixed(1)} s, peak RSS ${mb(exportPeak.rss)}`,
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
