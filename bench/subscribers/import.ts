/**
 * Subscriber import bench (issue 12): writes a CSV of N fans (with a few duplicates and bad rows),
 * uploads it to the real app over a socket (POST /api/subscribers/import, streamed from disk) and
 * runs the import (POST /api/subscribers/import/:id). Prints the time of each step, the peak RSS
 * while importing, and the report, which must match what the file holds (exit code 1 otherwise).
 * PGlite by default; with DATABASE_URL, PostgreSQL: a fresh database on that server per size,
 * dropped afterwards (the URL's own database is only used to create and drop it).
 *
 *   npx tsx bench/subscribers/import.ts              # 100,000 rows
 *   npx tsx bench/subscribers/import.ts 10000 250000 # other sizes
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/subscribers/import.ts 100000
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { testConfig } from "../../src/server/config";
import { openBenchDatabase, rssSampler } from "../lib/bench-database";
import { ensurePrimaryAdmin } from "../../src/server/db/bootstrap";
import { migrate } from "../../src/server/db/migrate";
import { subscribers } from "../../src/server/db/schema";

const ADMIN = { username: "admin", password: "bench-password-1" };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
v8.setFlagsFromString("--expose-gc");
const gc: () => void = runInNewContext("gc");




const REGIONS = ["US-NC", "Germany", "north carolina", "DE", "US-CA", "", "France", "US-NY"];
const INTERESTS = ["shows; releases", "merch", "", "shows", "releases, merch", "all"];

/**
 * N data rows: every 100th repeats the row before (a duplicate), every 250th has a bad address;
 * a tenth of the addresses are already subscribers (seeded), so they are updated.
 */
async function writeCsv(file: string, n: number) {
  const out = fs.createWriteStream(file);
  const expected = { added: 0, updated: 0, duplicates: 0, rejected: 0 };
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, "drain");
  };
  await write("Email,Name,Interests,Region\r\n");
  let chunk = "";
  for (let i = 0; i < n; i++) {
    if (i % 100 === 99) {
      chunk += `fan${i - 1}@bench.example,Fan ${i - 1} again,,\r\n`;
      expected.duplicates++;
    } else if (i % 250 === 0) {
      chunk += `fan${i}-at-bench.example,Fan ${i},,\r\n`;
      expected.rejected++;
    } else {
      chunk += `fan${i}@bench.example,"Fan ${i}, Jr.","${INTERESTS[i % INTERESTS.length]}",${REGIONS[i % REGIONS.length]}\r\n`;
      if (i % 10 === 1) expected.updated++;
      else expected.added++;
    }
    if (chunk.length > 64 * 1024) {
      await write(chunk);
      chunk = "";
    }
  }
  await write(chunk);
  out.end();
  await once(out, "finish");
  return expected;
}

/** The file as a browser's FormData sends it, streamed from disk (never in memory). */
function uploadFile(port: number, headers: Record<string, string>, file: string): Promise<{ status: number; body: any }> {
  const boundary = "----bench" + randomBytes(8).toString("hex");
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fans.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { port, method: "POST", path: "/api/subscribers/import", headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": length } },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.write(head);
    const stream = fs.createReadStream(file);
    stream.on("error", reject);
    stream.on("end", () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

async function benchOnce(n: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-bench-import-"));
  const { database, url } = await openBenchDatabase(dataDir, "bench_import");
  try {
    await migrate(database);
    // a tenth of the file's addresses are on the list already (seeded in the database, not the heap)
    await database.db.execute(sql`
      insert into ${subscribers} (email, name, is_verified)
      select 'fan' || i || '@bench.example', 'Seeded ' || i, true from generate_series(1, ${n - 1}::int, 10) as i
      where i % 100 <> 99 and i % 250 <> 0`);
    const csv = path.join(dataDir, "fans.csv");
    const expected = await writeCsv(csv, n);
    const size = fs.statSync(csv).size;

    const config = testConfig({ DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    await ensurePrimaryAdmin(database.db, config, { info() {}, warn() {} } as never);
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
    const login = await app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
    const headers = { authorization: `Bearer ${login.json().token}` };

    gc();
    await new Promise((r) => setTimeout(r, 1000));
    const idle = process.memoryUsage();
    const rss = rssSampler();
    const start = performance.now();
    const up = await uploadFile(port, headers, csv);
    if (up.status !== 200) throw new Error(`upload failed: ${JSON.stringify(up.body)}`);
    const uploadMs = performance.now() - start;
    const { importId, suggestedMapping } = up.body.data;
    const run = await app.inject({ method: "POST", url: `/api/subscribers/import/${importId}`, headers, payload: { mapping: suggestedMapping, alreadyOptedIn: false } });
    if (run.statusCode !== 200) throw new Error(`import failed: ${run.body}`);
    const seconds = (performance.now() - start) / 1000;
    const peak = rss.stop();
    const report = run.json().data;
    await app.close();

    const ok = (["added", "updated", "duplicates", "rejected"] as const).every((k) => report[k] === expected[k]);
    const where = database.kind === "pglite" ? "app + PGlite" : "the app only: PostgreSQL's own memory is in its server processes";
    console.log(
      [
        `import: ${n.toLocaleString("en-US")} rows (${mb(size)}) on ${database.kind}`,
        `  upload + checks ${(uploadMs / 1000).toFixed(1)} s, import ${(seconds - uploadMs / 1000).toFixed(1)} s, total ${seconds.toFixed(1)} s = ${(n / seconds).toFixed(0)} rows/s`,
        `  report: ${report.added} added, ${report.updated} updated, ${report.duplicates} duplicates, ${report.rejected} rejected (${report.rejectedRows.length} listed) ${ok ? "= expected" : `!= expected ${JSON.stringify(expected)}`}`,
        `  RSS idle ${mb(idle.rss)}, peak while importing ${mb(peak.rss)} (heap ${mb(peak.heapUsed)}, external ${mb(peak.external)}; ${where})`,
        `  load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`,
      ].join("\n"),
    );
    return ok;
  } finally {
    await database.close().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sizes = process.argv.slice(2).map(Number).filter((x) => x > 0);
let bad = false;
for (const n of sizes.length ? sizes : [100_000]) if (!(await benchOnce(n))) bad = true;
process.exit(bad ? 1 : 0);
