/**
 * "Ready for a crowd" (issue 10): the production server against bare node:http serving the same
 * bytes, a crowd of readers while an admin writes, and the server's RSS. Run on demand:
 *
 *   npx tsx bench/crowd/run.ts                        # both databases, 3 rounds x 5 s, crowd 60 s
 *   npx tsx bench/crowd/run.ts --db pglite --duration 3 --crowd-duration 10
 *   npx tsx bench/crowd/run.ts --ref HEAD             # exactly the last commit, not the working tree
 *
 * Exit code 0 when every target is met, 1 when one is missed, 2 when the bench itself failed.
 */
import { parseArgs } from "node:util";
import { benchHeader, loadavg } from "../lib/header";
import { PATHS, alternatingPairs, beaconSnapshot, crowdWithWrites, snapshot, startBare, takeBeaconCounts, type Variant } from "./load";
import { adminToken, createPostgresDb, type Build, ensureBuild, postgresVersion, quietRss, rssSampler, startProduct, type PostgresDb, type Product } from "./product";
import { crowdTable, pathTable, rssTable, summary, type DbKind, type DbResult } from "./report";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    duration: { type: "string", default: "5" }, // seconds per round, per target, per path
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    "crowd-duration": { type: "string", default: "60" },
    "crowd-connections": { type: "string", default: "200" },
    "pg-url": { type: "string", default: process.env.CROWD_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
    "no-identity": { type: "boolean", default: false }, // skip the variant without accept-encoding
    "settle-seconds": { type: "string", default: "60" }, // when the settled idle RSS is read, counted from start
    rebuild: { type: "boolean", default: false },
    ref: { type: "string" }, // build this commit (git archive) instead of the working tree
    "fast-lane": { type: "string", default: "on" }, // off: the product runs with FAST_LANE=off (src/server/fast-path left out), to measure what it gains
    beacons: { type: "string", default: "on" }, // off: no POST /api/events (issue 23) in the pairs and the crowd, as before
  },
  strict: true,
});

const num = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, not ${v}`);
  return n;
};
const opts = {
  dbs: (args.db === "both" ? ["pglite", "postgres"] : [args.db]) as DbKind[],
  seconds: num("duration", args.duration),
  rounds: num("rounds", args.rounds),
  connections: num("connections", args.connections),
  crowdSeconds: num("crowd-duration", args["crowd-duration"]),
  crowdConnections: num("crowd-connections", args["crowd-connections"]),
  settleSeconds: num("settle-seconds", args["settle-seconds"]),
  variants: (args["no-identity"] ? ["encoded"] : ["encoded", "identity"]) as Variant[],
};
if (!opts.dbs.every((d) => d === "pglite" || d === "postgres")) throw new Error("--db is pglite, postgres or both");
if (args["fast-lane"] !== "on" && args["fast-lane"] !== "off") throw new Error("--fast-lane is on or off");
if (args.beacons !== "on" && args.beacons !== "off") throw new Error("--beacons is on or off");
const beacons = args.beacons === "on";

const log = (s = "") => console.log(s);
// Ctrl-C mid-run still stops the servers and drops the bench database.
let cleanup: (() => Promise<void>) | undefined;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: cleaning up`);
    void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

/**
 * Every beacon the product accepted (202) in the pairs and the crowd, against the page views its
 * report counts once the batch writer has written them (every 2 s): none lost, none twice.
 */
async function beaconsStored(product: Product): Promise<NonNullable<DbResult["beacons"]>> {
  const sent = takeBeaconCounts();
  const accepted = sent.statuses["202"] ?? 0;
  const token = await adminToken(product.url, product.admin);
  // the band's days around now, whatever its time zone: every event of the run is in
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const started = performance.now();
  let inReport = 0;
  while (performance.now() - started < 60_000) {
    const res = await fetch(`${product.url}/api/admin/stats?from=${day(-2)}&to=${day(2)}`, { headers: { authorization: `Bearer ${token}` } });
    inReport = ((await res.json()) as { data?: { pageviews?: number } }).data?.pageviews ?? 0;
    if (inReport >= accepted) return { sent, inReport, waitedMs: performance.now() - started };
    await new Promise((r) => setTimeout(r, 250));
  }
  return { sent, inReport, waitedMs: null };
}

async function benchOne(build: Build, db: DbKind): Promise<DbResult> {
  log(`\n== ${db} == (load average ${loadavg()})`);
  let pgDb: PostgresDb | undefined;
  let product: Product | undefined;
  let stopBare: (() => Promise<void>) | undefined;
  const stopAll = async () => {
    cleanup = undefined;
    await stopBare?.().catch(() => {});
    await product?.stop().catch(() => {});
    if (pgDb) {
      await pgDb.drop();
      log(`dropped database ${pgDb.name}`);
    }
  };
  cleanup = stopAll;
  try {
    if (db === "postgres") {
      pgDb = await createPostgresDb(args["pg-url"]!);
      log(`created database ${pgDb.name} (PostgreSQL ${await postgresVersion(args["pg-url"]!)})`);
    }
    // TRUST_PROXY: the beacons' X-Forwarded-For addresses are their visitors (each under the per-address limit)
    product = await startProduct(build, { databaseUrl: pgDb?.url, ...(args["fast-lane"] === "off" ? { fastLane: "off" as const } : {}), ...(beacons ? { env: { TRUST_PROXY: "127.0.0.1" } } : {}) });
    const readyAt = Date.now();
    log(`server pid ${product.pid} at ${product.url}; sampling idle RSS (2 s settle, then 3 s every 200 ms), and again ${opts.settleSeconds} s after start`);
    const atStart = await quietRss(product.pid, 2000, 3000);
    // V8 hands back what start-up left in its heap (migrations, seeding, the first renders) only
    // once the process has been idle a while (its memory reducer, typically 20-40 s here): what a
    // server waiting for its visitors holds is this second reading.
    const idle = await quietRss(product.pid, Math.max(0, readyAt + opts.settleSeconds * 1000 - Date.now()), 3000);

    const snapshots = [];
    for (const variant of opts.variants) for (const p of PATHS) snapshots.push(await snapshot(product.url, p, variant));
    const bad = snapshots.filter((s) => s.status !== 200);
    if (bad.length) throw new Error(`the product did not answer 200: ${bad.map((s) => `${s.variant} ${s.path} -> ${s.status}`).join(", ")}`);
    takeBeaconCounts(); // from here on, every beacon the product gets is counted
    if (beacons) {
      const b = await beaconSnapshot(product.url);
      if (b.status !== 202) throw new Error(`the product answered a beacon ${b.status}, not 202`);
      snapshots.push(b);
    }
    const bare = await startBare(snapshots);
    stopBare = bare.stop;
    log(`bare node:http pid ${bare.pid} at ${bare.url} replays ${snapshots.length} answers`);

    const sampler = rssSampler(product.pid);
    log(`alternating pairs: ${opts.connections} connections, ${opts.rounds} rounds x ${opts.seconds} s per target (after 1 s warm-up each)`);
    const variants: Variant[] = [...opts.variants, ...(beacons ? (["beacons"] as const) : [])];
    const pairs = await alternatingPairs(product, bare, { connections: opts.connections, rounds: opts.rounds, seconds: opts.seconds, variants }, log);
    log(`crowd: ${opts.crowdConnections} connections on / and /api/shows for ${opts.crowdSeconds} s${beacons ? " (each GET / followed by its beacon)" : ""}, an admin creating a show every second`);
    const crowd = await crowdWithWrites(product.url, product.admin, { connections: opts.crowdConnections, seconds: opts.crowdSeconds, beacons });
    const { peak, samples } = sampler.stop();
    const stored = beacons ? await beaconsStored(product) : undefined;
    const after = await quietRss(product.pid, 2000, 2000);
    return { db, snapshots, pairs, crowd, beacons: stored, rss: { atStart, idle, peak, after, samples }, serverLog: product.output() };
  } finally {
    await stopAll();
  }
}

async function main() {
  for (const line of benchHeader({ title: "crowd bench (issue 10)", script: "bench/crowd/run.ts", ref: args.ref })) log(line);
  if (args["fast-lane"] === "off") log("product:  FAST_LANE=off (everything in src/server/fast-path left out)");
  const build = ensureBuild({ ref: args.ref, force: args.rebuild! });
  log(build.note);
  log("the load generator (autocannon), the product and the bare server are three processes on the same machine");

  const results: DbResult[] = [];
  for (const db of opts.dbs) results.push(await benchOne(build, db));

  log("\n== per path: product vs bare node:http (same bytes, same request headers) ==");
  log("req/s = all rounds' requests / all rounds' seconds; p99 = worst round; err/to/non2xx = connection errors / timeouts (10 s) / non-2xx answers");
  log(pathTable(results));
  log(`\n== crowd + writes (${opts.crowdConnections} connections split over / and /api/shows, ${opts.crowdSeconds} s, accept-encoding: gzip, br) ==`);
  log(crowdTable(results));
  log("\n== server RSS (VmRSS of the server process; the PostgreSQL server's own memory is not included) ==");
  log(rssTable(results));
  for (const r of results) {
    const lines = r.serverLog.split("\n").filter(Boolean);
    if (lines.length) log(`\n${r.db} server printed ${lines.length} line(s) at LOG_LEVEL=warn; the first 5:\n${lines.slice(0, 5).map((l) => `  ${l.slice(0, 300)}`).join("\n")}`);
  }
  const { text, ok } = summary(results);
  log("\n== summary against the targets ==");
  log(text);
  log(ok ? "\nevery target met" : "\nsome targets missed (MISS above)");
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
