/**
 * Issue 23's figures for the site statistics, on the real production server (bench/crowd's build
 * and start-up) on PGlite and/or a fresh PostgreSQL database. Run on demand (README.md here):
 *
 *   npx tsx bench/stats/run.ts                          # both parts, both databases, 10 M events
 *   npx tsx bench/stats/run.ts --events 1000000 --seconds 5 --requests 5   # quick check
 *   npx tsx bench/stats/run.ts --only beacons --db postgres
 *
 * 1. beacons: POST /api/events at --rate a second, open loop, then every accepted event is in the
 *    database exactly once. 2. report: --events over --days in stats_events (SQL), the product's
 *    own housekeeping rolls them up and drops what retention drops, then GET /api/admin/stats
 *    over 7, 30 and 90 days; the tables' sizes per million events.
 * Only the HTTP API and the tables' schema are used, so it measures whatever the report's code is.
 * Exit code 0 when every target is met, 1 when one is missed, 2 when the bench itself failed.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "../../src/server/db/client";
import { rollUpDay } from "../../src/server/modules/stats/totals";
import { SETTING_DEFAULTS } from "../../src/shared/settings-defaults";
import { createPostgresDb, tempDir, type PostgresDb } from "../../tests/support/server-process";
import { adminToken, ensureBuild, postgresVersion, rssSampler, startProduct, type Build, type Product } from "../crowd/product";
import { benchHeader, loadavg } from "../lib/header";
import { openLoopBeacons, type BeaconRun } from "./beacons";
import { addDays, dayPlan, fill, openPgliteSql, openPostgresSql, sizes, type Sizes, type Sql } from "./fill";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    only: { type: "string" }, // beacons | report
    rate: { type: "string", default: "2000" },
    seconds: { type: "string", default: "20" },
    warmup: { type: "string", default: "2" },
    events: { type: "string", default: "10000000" },
    days: { type: "string", default: "90" },
    requests: { type: "string", default: "20" },
    "range-budget": { type: "string", default: "120" }, // seconds of warm requests per range at most (a very slow report)
    ranges: { type: "string", default: "7,30,90" },
    "rollup-timeout": { type: "string", default: "3600" },
    "pg-url": { type: "string", default: process.env.STATS_PG_URL ?? process.env.CROWD_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
    rebuild: { type: "boolean", default: false },
    ref: { type: "string" },
  },
  strict: true,
});

type DbKind = "pglite" | "postgres";
const num = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, not ${v}`);
  return n;
};
const opts = {
  dbs: (args.db === "both" ? ["pglite", "postgres"] : [args.db]) as DbKind[],
  beacons: args.only !== "report",
  report: args.only !== "beacons",
  rate: num("rate", args.rate),
  seconds: num("seconds", args.seconds),
  warmup: Number(args.warmup),
  events: Math.round(num("events", args.events)),
  days: Math.round(num("days", args.days)),
  requests: Math.round(num("requests", args.requests)),
  rangeBudgetMs: num("range-budget", args["range-budget"]) * 1000,
  ranges: args.ranges!.split(",").map((r) => Math.round(num("ranges", r))),
  rollupTimeoutMs: num("rollup-timeout", args["rollup-timeout"]) * 1000,
};
if (!opts.dbs.every((d) => d === "pglite" || d === "postgres")) throw new Error("--db is pglite, postgres or both");
if (args.only && args.only !== "beacons" && args.only !== "report") throw new Error("--only is beacons or report");
if (opts.ranges.some((r) => r > opts.days)) throw new Error("a --ranges entry is longer than --days: the report would read days with no events");

/** Issue 23's targets. */
const TARGETS = { beaconP99: 20, report: { postgres: 300, pglite: 1000 } as Record<DbKind, number>, fullEvents: 10_000_000 };
const RETENTION_DAYS = 30; // the product's default (STATS_RETENTION_DAYS), which the bench leaves as is

const log = (s = "") => console.log(s);
const mb = (b: number) => b / 1024 / 1024;
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "-");
const secs = (x: number) => `${(x / 1000).toFixed(0)} s`;
const n = (x: number) => x.toLocaleString("en-US");

// Ctrl-C mid-run still stops the servers and drops the bench database.
let cleanup: (() => Promise<void>) | undefined;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: cleaning up`);
    void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

/** A database to run against: PGlite in a data dir of the bench's, or a fresh PostgreSQL database. */
interface Place {
  db: DbKind;
  dataDir: string;
  pg?: PostgresDb;
  /** the tables, opened by the bench while the server is stopped (PGlite has one user at a time) */
  open: () => Promise<Sql>;
  dispose: () => Promise<void>;
}

async function place(db: DbKind, prefix: string): Promise<Place> {
  const dataDir = tempDir(`${prefix}-data-`);
  const pg = db === "postgres" ? await createPostgresDb(args["pg-url"]!, prefix.replace(/-/g, "_")) : undefined;
  if (pg) log(`created database ${pg.name} (PostgreSQL ${await postgresVersion(args["pg-url"]!)})`);
  return {
    db,
    dataDir,
    pg,
    // where src/server/db/client.ts keeps PGlite: DATA_DIR/db
    open: () => (pg ? openPostgresSql(pg.url) : openPgliteSql(`${dataDir}/db`)),
    dispose: async () => {
      if (pg) {
        await pg.drop();
        log(`dropped database ${pg.name}`);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const admin = { username: "admin", password: `stats ${Math.random().toString(36).slice(2)} bench ${Date.now().toString(36)} ${process.pid}` };

function start(build: Build, p: Place, env: Record<string, string> = {}, readyTimeoutMs?: number): Promise<Product> {
  return startProduct(build, { databaseUrl: p.pg?.url, dataDir: p.dataDir, admin, env, readyTimeoutMs });
}

/** The band's day of a moment, in its time zone (the `timezone` setting, or the product's default). */
async function bandToday(base: string): Promise<{ timeZone: string; today: string }> {
  const body = (await (await fetch(`${base}/api/settings/timezone`)).json()) as { data?: { value?: string | null } };
  const timeZone = body.data?.value || SETTING_DEFAULTS.timezone!;
  const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return { timeZone, today };
}

async function report(base: string, token: string, from: string, to: string): Promise<{ status: number; ms: number; bytes: number; pageviews?: number; visitors?: number }> {
  const t = performance.now();
  const res = await fetch(`${base}/api/admin/stats?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const elapsed = performance.now() - t;
  const data = res.ok ? (JSON.parse(text) as { data: { pageviews: number; visitors: number } }).data : undefined;
  return { status: res.status, ms: elapsed, bytes: Buffer.byteLength(text), pageviews: data?.pageviews, visitors: data?.visitors };
}

const serverLines = (p: Product, level = 40) =>
  p
    .output()
    .split("\n")
    .filter((l) => l.trim())
    .filter((l) => {
      try {
        return (JSON.parse(l) as { level: number }).level >= level;
      } catch {
        return true;
      }
    });

// ---------------------------------------------------------------- 1. beacons

interface BeaconResult {
  part: "beacons";
  db: DbKind;
  run: BeaconRun & { addresses: number };
  inReport: number;
  inDatabase: number;
  distinctIds: number;
  visibleAfterMs: number | null;
  rssPeak: number;
  warnings: string[];
}

async function beaconsOne(build: Build, db: DbKind): Promise<BeaconResult> {
  log(`\n== beacons on ${db} == (load average ${loadavg()})`);
  const p = await place(db, "stats-beacons");
  let product: Product | undefined;
  cleanup = async () => {
    cleanup = undefined;
    await product?.stop().catch(() => {});
    await p.dispose();
  };
  try {
    // TRUST_PROXY: each beacon's X-Forwarded-For is its visitor, as behind the site's proxy
    product = await start(build, p, { TRUST_PROXY: "127.0.0.1" });
    const token = await adminToken(product.url, admin);
    const { today } = await bandToday(product.url);
    const from = addDays(today, -1); // a run that crosses the band's midnight still counts whole
    const to = addDays(today, 1);
    const before = (await report(product.url, token, from, to)).pageviews ?? 0;
    log(`server pid ${product.pid} at ${product.url} (TRUST_PROXY=127.0.0.1); page views in the report before: ${before}`);
    log(`open loop: ${opts.rate} beacons/s, ${opts.warmup} s warm-up then ${opts.seconds} s measured`);
    const sampler = rssSampler(product.pid);
    const run = await openLoopBeacons(product.url, { rate: opts.rate, seconds: opts.seconds, warmupSeconds: opts.warmup });
    log(`  sent ${n(run.sent)} measured (+ warm-up), statuses ${JSON.stringify(run.statuses)}, p99 ${ms(run.latency.p99)} ms; waiting for the batch writer`);
    // the batch writer runs every 2 s: the report shows every accepted event within ~10 s
    let inReport = 0;
    let visibleAfterMs: number | null = null;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      inReport = ((await report(product.url, token, from, to)).pageviews ?? 0) - before;
      if (inReport >= run.accepted) {
        visibleAfterMs = performance.now() - run.lastAnswerAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const rssPeak = sampler.stop().peak;
    await product.stop(); // writes whatever is still held, then the bench counts the table itself
    const warnings = serverLines(product);
    product = undefined;
    const sql = await p.open();
    const [row] = await sql.query<{ events: string; ids: string }>("select count(*) as events, count(distinct id) as ids from stats_events where kind = 'pageview'");
    await sql.close();
    return { part: "beacons", db, run, inReport, inDatabase: Number(row.events) - before, distinctIds: Number(row.ids) - before, visibleAfterMs, rssPeak, warnings };
  } finally {
    await cleanup?.();
  }
}

// ---------------------------------------------------------------- 2. the report

interface ReportResult {
  part: "report";
  db: DbKind;
  events: number;
  pageviewsByDay: Map<string, number>;
  today: string;
  fillMs: number;
  filled: Sizes;
  rollupMs: number;
  /** from the server's spawn to its first /healthz answer, while its housekeeping rolled the days */
  readyMs: number;
  /** rollUpDay of yesterday alone: the nightly round's work */
  nightlyMs: number;
  nightlyEvents: number;
  rollupLine: string;
  rollupRssPeak: number;
  retained: Sizes;
  /** events (all kinds) of the days rolled into stats_daily */
  rolledEvents: number;
  databaseBytes: number;
  /** PGlite: its data dir on disk, write-ahead log included */
  dataDirBytes?: number;
  ranges: { days: number; requests: number; from: string; to: string; cold: number; median: number; p95: number; max: number; bytes: number; pageviews?: number; expected: number; statuses: number[] }[];
  reportRssPeak: number;
  warnings: string[];
}

/**
 * The product's rollUpDay (modules/stats/totals.ts) of one day, timed, on the database opened
 * the way the server opens it (src/server/db/client.ts: PGlite with the server's settings).
 */
async function rollOneDay(p: Place, day: string): Promise<number> {
  const database = await openDatabase({ DATABASE_URL: p.pg?.url, dataDir: p.dataDir });
  try {
    const t = performance.now();
    if (!(await rollUpDay(database.db, day))) throw new Error(`${day} was rolled up already`);
    return performance.now() - t;
  } finally {
    await database.close();
  }
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) total += e.isDirectory() ? dirBytes(`${dir}/${e.name}`) : fs.statSync(`${dir}/${e.name}`).size;
  return total;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function reportOne(build: Build, db: DbKind): Promise<ReportResult> {
  log(`\n== the Insights report on ${db} == (load average ${loadavg()})`);
  const p = await place(db, "stats-report");
  let product: Product | undefined;
  cleanup = async () => {
    cleanup = undefined;
    await product?.stop().catch(() => {});
    await p.dispose();
  };
  try {
    // a first start migrates and seeds; its shows and merch are what the fill's clicks point at
    product = await start(build, p);
    const { timeZone, today } = await bandToday(product.url);
    const ids = async (path: string) => ((await (await fetch(product!.url + path)).json()) as { data: { id: number }[] }).data.map((x) => x.id);
    const showIds = await ids("/api/shows");
    const merchIds = await ids("/api/merchandise");
    await product.stop();
    product = undefined;

    const plan = dayPlan(opts.events, opts.days, today);
    log(`filling ${n(opts.events)} events over ${opts.days} days (${plan[0].day} .. ${today}, band time zone ${timeZone}) with the server stopped`);
    let sql = await p.open();
    const pageviewsByDay = new Map<string, number>();
    const fillStart = performance.now();
    let lastLog = fillStart;
    await fill(sql, plan, { timeZone, showIds, merchIds }, (done, day) => {
      if (performance.now() - lastLog > 15_000 || done === opts.events) {
        log(`  ${day}: ${n(done)} events, ${secs(performance.now() - fillStart)}`);
        lastLog = performance.now();
      }
    });
    const fillMs = performance.now() - fillStart;
    // what the report must count: the page views the fill wrote, per day
    for (const r of await sql.query<{ day: string; c: string }>("select day::text as day, count(*) as c from stats_events where kind = 'pageview' group by day")) pageviewsByDay.set(r.day, Number(r.c));
    // PostgreSQL's autovacuum would analyze the table within minutes; done here so it does not land
    // in a measurement. PGlite never vacuums or analyzes on its own, so neither does the bench.
    if (db === "postgres") await sql.query("vacuum analyze stats_events");
    const filled = await sizes(sql);
    await sql.close();
    log(`  filled in ${secs(fillMs)}: stats_events ${n(filled.rawRows)} rows, ${mb(filled.rawTable).toFixed(0)} MB + indexes ${mb(filled.rawIndexes).toFixed(0)} MB`);

    // what the housekeeping does each night: roll yesterday up (the product's own rollUpDay, on
    // the database opened as the server opens it). On PGlite, one connection: the site waits.
    const yesterday = addDays(today, -1);
    const nightly = await rollOneDay(p, yesterday);
    log(`  yesterday (${yesterday}, ${n(plan.find((d) => d.day === yesterday)?.events ?? 0)} events) rolled up alone in ${ms(nightly)} ms`);

    // the product's own housekeeping (modules/stats/rollup.ts), at start and every 5 minutes:
    // rolls every other finished day up and drops raw events past the retention
    log("starting the product (LOG_LEVEL=info) and waiting for its housekeeping to roll the days up");
    const rollStart = performance.now();
    product = await start(build, p, { LOG_LEVEL: "info" }, opts.rollupTimeoutMs);
    const readyMs = performance.now() - rollStart;
    const sampler = rssSampler(product.pid);
    // its log line once a round did something: {"rolled": days, "events": raw events dropped, ...}
    const roundLine = (l: string) => {
      try {
        return typeof (JSON.parse(l) as { rolled?: unknown }).rolled === "number";
      } catch {
        return false;
      }
    };
    let rollupLine = "";
    while (!rollupLine) {
      rollupLine = product.output().split("\n").find(roundLine) ?? "";
      const failed = product.output().split("\n").find((l) => l.includes("rollup failed"));
      if (failed) throw new Error(`the housekeeping failed: ${failed.slice(0, 500)}`);
      if (performance.now() - rollStart > opts.rollupTimeoutMs) throw new Error(`no housekeeping line after ${secs(opts.rollupTimeoutMs)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const rollupMs = performance.now() - rollStart;
    const rollupRssPeak = sampler.stop().peak;
    const { rolled, events } = JSON.parse(rollupLine) as { rolled: number; events: number };
    log(`  rolled ${rolled} days and dropped ${n(events)} raw events in ${secs(rollupMs)} (from the server's start; /healthz answered after ${secs(readyMs)})`);
    await product.stop();
    const warnings = serverLines(product);
    product = undefined;
    sql = await p.open();
    if (db === "postgres") await sql.query("vacuum analyze stats_events"); // autovacuum's work after the delete
    const retained = await sizes(sql);
    const rolledDays = new Set((await sql.query<{ day: string }>("select day::text as day from stats_rolled_days")).map((r) => r.day));
    const rolledEvents = plan.filter((d) => rolledDays.has(d.day)).reduce((a, d) => a + d.events, 0);
    const databaseBytes = Number((await sql.query<{ b: string }>("select pg_database_size(current_database()) as b"))[0].b);
    await sql.close();

    // each range in a fresh server process: its first request is the cold one
    const ranges: ReportResult["ranges"] = [];
    let reportRssPeak = 0;
    for (const days of opts.ranges) {
      product = await start(build, p);
      const token = await adminToken(product.url, admin);
      const s = rssSampler(product.pid);
      const from = addDays(today, -(days - 1));
      const first = await report(product.url, token, from, today);
      const runs = [];
      const budgetEnd = performance.now() + opts.rangeBudgetMs;
      while (runs.length < opts.requests && performance.now() < budgetEnd) runs.push(await report(product.url, token, from, today));
      reportRssPeak = Math.max(reportRssPeak, s.stop().peak);
      await product.stop();
      warnings.push(...serverLines(product));
      product = undefined;
      const times = runs.map((r) => r.ms).sort((a, b) => a - b);
      const expected = [...pageviewsByDay].filter(([d]) => d >= from && d <= today).reduce((a, [, c]) => a + c, 0);
      const statuses = [first, ...runs].map((r) => r.status);
      ranges.push({ days, from, to: today, requests: runs.length, cold: first.ms, median: quantile(times, 0.5), p95: quantile(times, 0.95), max: times[times.length - 1], bytes: first.bytes, pageviews: first.pageviews, expected, statuses });
      log(`  ${days} days: cold ${ms(first.ms)} ms, then median ${ms(quantile(times, 0.5))} ms, p95 ${ms(quantile(times, 0.95))} ms over ${runs.length}${runs.length < opts.requests ? ` (--range-budget ${opts.rangeBudgetMs / 1000} s spent)` : ""}`);
    }
    return { part: "report", db, events: opts.events, pageviewsByDay, today, fillMs, filled, rollupMs, readyMs, nightlyMs: nightly, nightlyEvents: plan.find((d) => d.day === yesterday)?.events ?? 0, rollupLine, rollupRssPeak, retained, rolledEvents, databaseBytes, dataDirBytes: db === "pglite" ? dirBytes(`${p.dataDir}/db`) : undefined, ranges, reportRssPeak, warnings };
  } finally {
    await cleanup?.();
  }
}

// ---------------------------------------------------------------- output

function table(head: string[], rows: string[][], right = new Set<number>()): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ").trimEnd();
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

const allNumbers = (from: number, to: number) => new Set(Array.from({ length: to - from + 1 }, (_, i) => from + i));

function printBeacons(results: BeaconResult[]) {
  log(`\n== POST /api/events: open loop at ${opts.rate}/s for ${opts.seconds} s (after ${opts.warmup} s warm-up) ==`);
  log("latency from each beacon's due time to the end of its answer (open loop: a late server or generator shows); service = from the write of the request");
  log(
    table(
      ["db", "sent", "statuses (all, warm-up too)", "err/timeouts", "answered/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "service p99 ms", "generator lag p99 ms", "addresses", "server peak RSS MB"],
      results.map((r) => [r.db, n(r.run.sent), Object.entries(r.run.statuses).map(([c, k]) => `${c}x${k}`).join(" "), `${r.run.errors}/${r.run.timeouts}`, r.run.answeredPerSecond.toFixed(0), ms(r.run.latency.p50), ms(r.run.latency.p90), ms(r.run.latency.p99), ms(r.run.latency.max), ms(r.run.service.p99), ms(r.run.generatorLagP99), n(r.run.addresses), mb(r.rssPeak).toFixed(0)]),
      allNumbers(1, 12),
    ),
  );
  log("\nevery accepted beacon stored once: accepted (202) = in the report (GET /api/admin/stats) = rows in stats_events (after the server stopped)");
  log(
    table(
      ["db", "accepted", "in the report", "in stats_events", "distinct ids", "all in the report after"],
      results.map((r) => [r.db, n(r.run.accepted), n(r.inReport), n(r.inDatabase), n(r.distinctIds), r.visibleAfterMs === null ? "not within 60 s" : `${(r.visibleAfterMs / 1000).toFixed(1)} s`]),
      allNumbers(1, 4),
    ),
  );
}

function printReport(results: ReportResult[]) {
  log(`\n== the Insights report: ${n(opts.events)} events over ${opts.days} days, rolled up by the product, raw events past ${RETENTION_DAYS} days dropped ==`);
  log("one day's rollup = rollUpDay of yesterday alone (the nightly work; on PGlite nothing else reaches the database meanwhile);");
  log("housekeeping = from the server's start to its round's log line (every other day rolled, old raw events dropped); /healthz after = when the server first answered; peak RSS = the server's, meanwhile");
  log(
    table(
      ["db", "fill", "stats_events rows", "table MB", "indexes MB", "raw MB per M events", "one day's rollup", "housekeeping", "/healthz after", "rolled days", "dropped", "peak RSS MB"],
      results.map((r) => {
        const { rolled, events } = JSON.parse(r.rollupLine) as { rolled: number; events: number };
        return [r.db, secs(r.fillMs), n(r.filled.rawRows), mb(r.filled.rawTable).toFixed(0), mb(r.filled.rawIndexes).toFixed(0), (mb(r.filled.rawTable + r.filled.rawIndexes) / (r.filled.rawRows / 1e6)).toFixed(0), `${ms(r.nightlyMs)} ms`, secs(r.rollupMs), secs(r.readyMs), String(rolled), n(events), mb(r.rollupRssPeak).toFixed(0)];
      }),
      allNumbers(2, 11),
    ),
  );
  log("\nafter the rollup and the retention (PostgreSQL: after VACUUM, as autovacuum leaves it; a table keeps its file size after a delete and reuses the space)");
  log(
    table(
      ["db", "raw rows kept", "raw table+indexes MB", "rolled days", "stats_daily rows", "stats_daily MB", "rollup MB per M events", "database MB"],
      results.map((r) => {
        return [r.db, n(r.retained.rawRows), mb(r.retained.rawTable + r.retained.rawIndexes).toFixed(0), `${r.retained.rolledDays} (${n(r.rolledEvents)} events)`, n(r.retained.dailyRows), mb(r.retained.dailyTotal).toFixed(1), (mb(r.retained.dailyTotal) / (r.rolledEvents / 1e6)).toFixed(2), mb(r.databaseBytes).toFixed(0)];
      }),
      allNumbers(1, 7),
    ),
  );
  log("database MB = pg_database_size (every table and index of the product, no write-ahead log)");
  for (const r of results) if (r.dataDirBytes !== undefined) log(`${r.db} data dir on disk (DATA_DIR/db, write-ahead log included): ${mb(r.dataDirBytes).toFixed(0)} MB`);
  log(`\nGET /api/admin/stats?from&to (admin bearer token), ranges ending today; cold = the first request in a fresh server process, then ${opts.requests} in a row (fewer when they take over --range-budget ${opts.rangeBudgetMs / 1000} s)`);
  log(
    table(
      ["db", "range", "cold ms", "requests", "median ms", "p95 ms", "max ms", "answer bytes", "pageviews in the answer", "written by the fill", "statuses"],
      results.flatMap((r) =>
        r.ranges.map((x) => [r.db, `${x.days} days`, ms(x.cold), String(x.requests), ms(x.median), ms(x.p95), ms(x.max), n(x.bytes), x.pageviews === undefined ? "-" : n(x.pageviews), n(x.expected), statusRuns(x.statuses)]),
      ),
      allNumbers(2, 9),
    ),
  );
  log(`server peak RSS while answering: ${results.map((r) => `${r.db} ${mb(r.reportRssPeak).toFixed(0)} MB`).join(", ")}`);
}

function statusRuns(statuses: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < statuses.length; ) {
    let j = i;
    while (j < statuses.length && statuses[j] === statuses[i]) j++;
    out.push(`${statuses[i]}x${j - i}`);
    i = j;
  }
  return out.join(" ");
}

function summary(beacons: BeaconResult[], reports: ReportResult[]): { text: string; ok: boolean } {
  let ok = true;
  const mark = (pass: boolean, value: string) => {
    ok &&= pass;
    return `${value} ${pass ? "ok" : "MISS"}`;
  };
  const rows: string[][] = [];
  for (const b of beacons) {
    const non2xx = b.run.sent + Math.round(opts.rate * opts.warmup) - b.run.accepted;
    rows.push([b.db, `POST /api/events p99 at ${opts.rate}/s`, `<= ${TARGETS.beaconP99} ms`, mark(b.run.latency.p99 <= TARGETS.beaconP99, `${ms(b.run.latency.p99)} ms`)]);
    rows.push([b.db, "beacons not 202 (refused, failed, timed out)", "0", mark(non2xx === 0, String(non2xx))]);
    rows.push([b.db, "accepted = in the report = in stats_events", "equal", mark(b.inReport === b.run.accepted && b.inDatabase === b.run.accepted && b.distinctIds === b.inDatabase, `${b.run.accepted} / ${b.inReport} / ${b.inDatabase}`)]);
  }
  for (const r of reports) {
    const scale = r.events === TARGETS.fullEvents ? "" : ` (at ${n(r.events)} events, not ${n(TARGETS.fullEvents)})`;
    for (const x of r.ranges) {
      rows.push([r.db, `report ${x.days} days p95${scale}`, `<= ${TARGETS.report[r.db]} ms`, mark(x.p95 <= TARGETS.report[r.db], `${ms(x.p95)} ms`)]);
      rows.push([r.db, `report ${x.days} days cold${scale}`, `<= ${TARGETS.report[r.db]} ms`, mark(x.cold <= TARGETS.report[r.db], `${ms(x.cold)} ms`)]);
      rows.push([r.db, `report ${x.days} days: every answer 200, page views as filled`, "equal", mark(x.statuses.every((s) => s === 200) && x.pageviews === x.expected, `${x.pageviews ?? "-"} / ${x.expected}`)]);
    }
  }
  return { text: table(["db", "check", "target", "measured"], rows), ok };
}

async function main() {
  for (const line of benchHeader({ title: "stats bench (issue 23)", script: "bench/stats/run.ts", ref: args.ref })) log(line);
  const build = ensureBuild({ ref: args.ref, force: args.rebuild! });
  log(build.note);
  log("the load generator and the product (and PostgreSQL) share the machine's cores");

  const beacons: BeaconResult[] = [];
  const reports: ReportResult[] = [];
  if (opts.beacons) for (const db of opts.dbs) beacons.push(await beaconsOne(build, db));
  if (opts.report) for (const db of opts.dbs) reports.push(await reportOne(build, db));

  if (beacons.length) printBeacons(beacons);
  if (reports.length) printReport(reports);
  for (const r of [...beacons, ...reports]) {
    if (!r.warnings.length) continue;
    // one line per message, with how many times the server printed it
    const byMsg = new Map<string, number>();
    for (const l of r.warnings) {
      let msg = l;
      try {
        msg = (JSON.parse(l) as { msg: string }).msg;
      } catch {
        // not JSON: the line itself
      }
      byMsg.set(msg.slice(0, 200), (byMsg.get(msg.slice(0, 200)) ?? 0) + 1);
    }
    log(`\n${r.part}: the ${r.db} server printed ${r.warnings.length} warning(s) or error(s), by message:\n${[...byMsg].map(([m, k]) => `  ${k}x ${m}`).join("\n")}`);
  }
  const { text, ok } = summary(beacons, reports);
  log("\n== summary against the targets ==");
  log(text);
  log(ok ? "\nevery target met" : "\nsome targets missed (MISS above)");
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
