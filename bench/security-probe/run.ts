/**
 * Issue 8 (hardening): the attack probes re-run against the real production server, with figures.
 *
 *   npx tsx bench/security-probe/run.ts                    # PGlite, 60 s login flood
 *   npx tsx bench/security-probe/run.ts --db both          # PGlite, then a fresh PostgreSQL database
 *   npx tsx bench/security-probe/run.ts --seconds 10 --no-build
 *
 * Exit code 0 when every check holds, 1 when one does not, 2 when the probe itself failed.
 * Only 127.0.0.1 is ever targeted; everything stops by itself.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SKIPPED } from "./fuzz";
import { closeAgents } from "./http";
import { FILE_MAILER_MSG, fmtTally, fuzzProbe, scanLog, storedIps, tooLargeProbe, xffProbe, type FuzzResult, type LogScan, type StoredIps, type TooLargeResult, type XffResult } from "./probes";
import { build, CLIENT_DIR, createPostgresDb, ROOT, SERVER_DIR, startServer, type PostgresDb, type Server } from "./server";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" }, // pglite | postgres | both
    seconds: { type: "string", default: "60" }, // login flood length
    workers: { type: "string", default: "4" },
    tries: { type: "string", default: "10" }, // 413 probe
    "pg-url": { type: "string", default: process.env.PROBE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
    "no-build": { type: "boolean", default: false },
    out: { type: "string" }, // where the server logs go (default /tmp/security-probe-<time>)
  },
  strict: true,
});

const dbs = (args.db === "both" ? ["pglite", "postgres"] : [args.db]) as ("pglite" | "postgres")[];
if (!dbs.every((d) => d === "pglite" || d === "postgres")) throw new Error("--db is pglite, postgres or both");
const seconds = Number(args.seconds);
const workers = Number(args.workers);
const tries = Number(args.tries);
if (!(seconds > 0 && seconds <= 600 && workers >= 1 && workers <= 16 && tries >= 1 && tries <= 50)) throw new Error("--seconds 1..600, --workers 1..16, --tries 1..50");
const pgUrl = new URL(args["pg-url"]!);
if (!["127.0.0.1", "localhost"].includes(pgUrl.hostname)) throw new Error("--pg-url must point at 127.0.0.1");

const LOGIN_LIMIT = 10; // defaults: the probe never sets LOGIN_RATE_LIMIT / FORM_RATE_LIMIT
const FORM_LIMIT = 5;
const outDir = args.out ?? path.join(os.tmpdir(), `security-probe-${new Date().toISOString().replace(/[:.]/g, "-")}`);
fs.mkdirSync(outDir, { recursive: true });

const log = (s = "") => console.log(s);
const git = (...a: string[]) => execFileSync("git", a, { cwd: ROOT, encoding: "utf8" }).trim();

// Ctrl-C mid-run still stops the server and drops the probe's database.
const cleanups = new Set<() => Promise<void>>();
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: cleaning up`);
    void Promise.allSettled([...cleanups].map((c) => c())).finally(() => process.exit(130));
  });
}

/** One server on a fresh database, stopped (and its database dropped) whatever happens. */
async function withServer<T>(db: "pglite" | "postgres", name: string, fn: (server: Server) => Promise<T>, afterStop: (server: Server, result: T) => Promise<void>): Promise<T> {
  let pgDb: PostgresDb | undefined;
  let server: Server | undefined;
  const cleanup = async () => {
    await server?.stop();
    if (pgDb) await pgDb.drop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  try {
    if (db === "postgres") pgDb = await createPostgresDb(args["pg-url"]!);
    const logFile = path.join(outDir, `${name}-${db}.log`);
    server = await startServer({ logFile, databaseUrl: pgDb?.url });
    log(`  server pid ${server.pid} on 127.0.0.1:${server.port}, DATA_DIR ${server.dataDir}${pgDb ? `, database ${pgDb.name}` : ""}, log ${logFile}`);
    const result = await fn(server);
    await server.stop();
    await afterStop(server, result);
    return result;
  } finally {
    await cleanup();
    cleanups.delete(cleanup);
    if (pgDb) log(`  dropped database ${pgDb.name}`);
  }
}

interface DbResult {
  db: string;
  xff: XffResult;
  ips: StoredIps;
  xffLog: LogScan;
  fuzz: FuzzResult;
  fuzzLog: LogScan;
  big: TooLargeResult;
}

async function probeDb(db: "pglite" | "postgres"): Promise<DbResult> {
  const mk = `pz${crypto.randomBytes(4).toString("hex")}`;
  log(`\n== ${db} == (marker ${mk}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")})`);

  log(`XFF probe: ${seconds} s of wrong-password logins with a new forged X-Forwarded-For / X-Real-IP / Forwarded each (${workers} workers), then 30 subscribes and 30 contacts the same way`);
  let ips: StoredIps | undefined;
  let xffLog: LogScan | undefined;
  const xff = await withServer(db, "xff", (s) => xffProbe(s, { seconds, workers, mk, log }), async (s, r) => {
    ips = await storedIps(s, mk, r.forgedIps);
    xffLog = scanLog(s.logFile, { mk, emails: r.emails, messageTexts: r.messageTexts, forgedIps: r.forgedIps });
  });

  log("fuzz probe + 413 probe (a fresh server: the login flood's limit must not block the admin)");
  let fuzzLog: LogScan | undefined;
  let big: TooLargeResult | undefined;
  const fuzz = await withServer(
    db,
    "fuzz",
    async (s) => {
      const f = await fuzzProbe(s, { mk, log });
      log(`  ${f.requests} fuzz requests in ${f.seconds.toFixed(0)} s; now the 413 probe (${tries} tries)`);
      big = await tooLargeProbe(s, { tries, mk });
      return f;
    },
    async (s, f) => {
      fuzzLog = scanLog(s.logFile, {
        mk,
        token: f.token,
        emailPattern: new RegExp(`[\\w.+-]*${mk}[\\w.+-]*@probe\\.example`),
        messagePattern: new RegExp(`(Message text|Newsletter|Render|Slow) ${mk}|x{1000}`),
      });
    },
  );
  return { db, xff, ips: ips!, xffLog: xffLog!, fuzz, fuzzLog: fuzzLog!, big: big! };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((c, i) => (c ?? "").padEnd(widths[i])).join("  ").trimEnd()).join("\n");
}

async function main() {
  const dirty = git("status", "--porcelain", "--", "src", "drizzle", "scripts", "package.json").split("\n").filter(Boolean);
  log("security probe (issue 8: hardening)");
  log(`command:  npx tsx bench/security-probe/run.ts ${process.argv.slice(2).join(" ")}`.trimEnd());
  log(`node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  log(`commit:   ${git("log", "-1", "--oneline")}`);
  log(`          ${dirty.length ? `${dirty.length} uncommitted change(s) under src/drizzle/scripts/package.json are part of this build` : "no uncommitted changes under src/drizzle/scripts/package.json: the build is the commit"}`);
  log(`date:     ${new Date().toISOString()}`);
  log(`server:   node --enable-source-maps ${path.relative(ROOT, SERVER_DIR)}/main.js, NODE_ENV=production LOG_LEVEL=info HOST=127.0.0.1, CLIENT_DIST_DIR=${CLIENT_DIR}, ADMIN_PASSWORD set, TRUST_PROXY/LOGIN_RATE_LIMIT/FORM_RATE_LIMIT unset (defaults off/${LOGIN_LIMIT}/${FORM_LIMIT})`);
  log(`logs:     ${outDir}`);
  if (args["no-build"] && fs.existsSync(path.join(SERVER_DIR, "main.js")) && fs.existsSync(path.join(CLIENT_DIR, "index.html"))) log(`reused the existing build in ${CLIENT_DIR} + ${path.relative(ROOT, SERVER_DIR)} (--no-build)`);
  else log(build());

  const results: DbResult[] = [];
  for (const db of dbs) results.push(await probeDb(db));
  closeAgents();
  report(results);
}

function report(results: DbResult[]) {
  const checks: { db: string; what: string; value: string; expected: string; ok: boolean }[] = [];
  const check = (db: string, what: string, value: number | string, expected: string, ok: boolean) => checks.push({ db, what, value: String(value), expected, ok });

  for (const r of results) {
    const { login } = r.xff;
    log(`\n== ${r.db}: XFF probe ==`);
    log(`login flood: ${login.attempts} attempts in ${login.seconds.toFixed(1)} s (${(login.attempts / login.seconds).toFixed(0)}/s), ${login.allowed} allowed (401), ${login.limited} refused (429), other: ${fmtTally(login.other) || "none"}`);
    log(`  allowed at (s): ${login.allowedAt.map((t) => t.toFixed(1)).join(", ")}; rate windows touched: ${login.windows}`);
    log(`  right password mid-flood (at ${Math.min(seconds / 2, 30)} s) from 127.0.0.1 with a forged XFF: ${r.xff.loginAfter.sameAddress}; right after the flood from 127.0.3.2: ${r.xff.loginAfter.otherAddress}`);
    log(`subscribe x30: ${fmtTally(r.xff.subscribe)}    contact x30: ${fmtTally(r.xff.contact)}`);
    log(`stored: subscribers ${r.ips.subscribers.rows} rows, subscribe_ip ${JSON.stringify(r.ips.subscribers.ips)}; messages ${r.ips.messages.rows} rows, ip ${JSON.stringify(r.ips.messages.ips)}; forged values stored: ${r.ips.forgedFound}`);
    log(`server log (${r.xffLog.lines} lines): forged IPs ${r.xffLog.forgedIps}, e-mails ${r.xffLog.emails}, message texts ${r.xffLog.messageTexts}, $argon2 ${r.xffLog.argon2}, admin password ${r.xffLog.adminPassword}; lines with a value we sent, by log message: ${JSON.stringify(r.xffLog.valueLinesByMsg)}; raw tokens in logged links ${r.xffLog.rawTokensInLinks}`);

    check(r.db, "login allowed (401) under forged XFF", login.allowed, `<= ${LOGIN_LIMIT} x ${login.windows} window(s)`, login.allowed <= LOGIN_LIMIT * login.windows && login.allowed > 0);
    check(r.db, "login answers other than 401/429", Object.values(login.other).reduce((a, b) => a + b, 0), "0", Object.keys(login.other).length === 0);
    check(r.db, "right password, flooded address, mid-flood", r.xff.loginAfter.sameAddress, "429", r.xff.loginAfter.sameAddress === 429);
    check(r.db, "right password from another address", r.xff.loginAfter.otherAddress, "200", r.xff.loginAfter.otherAddress === 200);
    check(r.db, "subscribe 200 / 429 (30 tries)", `${r.xff.subscribe[200] ?? 0} / ${r.xff.subscribe[429] ?? 0}`, `${FORM_LIMIT} / ${30 - FORM_LIMIT}`, (r.xff.subscribe[200] ?? 0) === FORM_LIMIT && (r.xff.subscribe[429] ?? 0) === 30 - FORM_LIMIT);
    check(r.db, "contact 200 / 429 (30 tries)", `${r.xff.contact[200] ?? 0} / ${r.xff.contact[429] ?? 0}`, `${FORM_LIMIT} / ${30 - FORM_LIMIT}`, (r.xff.contact[200] ?? 0) === FORM_LIMIT && (r.xff.contact[429] ?? 0) === 30 - FORM_LIMIT);
    const onlyLoopback = (ips: Record<string, number>) => Object.keys(ips).every((ip) => ip === "127.0.0.1");
    check(r.db, "stored subscribe_ip values", JSON.stringify(r.ips.subscribers.ips), `127.0.0.1 x${FORM_LIMIT}`, r.ips.subscribers.rows === FORM_LIMIT && onlyLoopback(r.ips.subscribers.ips));
    check(r.db, "stored message ip values", JSON.stringify(r.ips.messages.ips), `127.0.0.1 x${FORM_LIMIT}`, r.ips.messages.rows === FORM_LIMIT && onlyLoopback(r.ips.messages.ips));
    check(r.db, "forged addresses stored / in the log", `${r.ips.forgedFound} / ${r.xffLog.forgedIps}`, "0 / 0", r.ips.forgedFound === 0 && r.xffLog.forgedIps === 0);

    const f = r.fuzz;
    log(`\n== ${r.db}: fuzz probe ==`);
    log(`${f.requests} requests in ${f.seconds.toFixed(1)} s; statuses: ${fmtTally(f.statuses)}`);
    log(`skipped on purpose (they end the probe's session): ${SKIPPED.join(", ")}`);
    log("by route:");
    log(table([["route", "n", "statuses"], ...[...f.byRoute].map(([route, st]) => [route, String(st.length), fmtTally(st.reduce<Record<string, number>>((t, s) => ((t[s] = (t[s] ?? 0) + 1), t), {}))])]));
    log(`error answers that are not the JSON envelope {success:false,message}: ${fmtTally(f.notEnvelope) || "none"}`);
    for (const x of f.notEnvelopeSamples) log(`  e.g. ${x.status} ${x.route} [${x.label}] -> ${JSON.stringify(x.body)}`);
    log(`keep-alive after a 431 (20 KB query string), the next request on the same socket: ${f.afterHeaderTooLarge.map((x) => `${x.first} then ${x.next}`).join(" | ")}`);
    for (const b of f.bad) log(`  BAD ${b.answer.status || "no answer"} ${b.route} [${b.label}] ${b.path.slice(0, 200)} -> ${b.answer.error ?? b.answer.body.slice(0, 300)}`);
    log(`uploads dir: ${f.uploads.before} files before, ${f.uploads.after} after, ${f.uploads.stored} upload(s) answered 2xx; files written outside: ${f.uploads.escaped.length ? f.uploads.escaped.join(", ") : "none"}`);
    const L = r.fuzzLog;
    log(`server log (${L.lines} lines): $argon2 ${L.argon2}, admin password ${L.adminPassword}, bearer token ${L.bearerToken}, 'params:' ${L.params}, 'Failed query' ${L.failedQuery} (with values ${L.failedQueryWithValues}), e-mails we sent ${L.emails}, message texts ${L.messageTexts}, error-level lines ${L.errorLines}, raw tokens in logged links ${L.rawTokensInLinks}`);
    log(`  lines with any value we sent, by log message: ${JSON.stringify(L.valueLinesByMsg)}`);

    const fivexx = Object.entries(f.statuses).filter(([s]) => Number(s) >= 500).reduce((a, [, n]) => a + n, 0);
    check(r.db, "fuzz requests", f.requests, "~800+", f.requests >= 700);
    check(r.db, "fuzz 5xx answers", fivexx, "0", fivexx === 0);
    check(r.db, "fuzz requests without an answer", f.statuses[0] ?? 0, "0", (f.statuses[0] ?? 0) === 0);
    check(r.db, "uploads dir after = before + stored", `${f.uploads.after} = ${f.uploads.before} + ${f.uploads.stored}`, "equal", f.uploads.after === f.uploads.before + f.uploads.stored && f.uploads.escaped.length === 0);
    check(r.db, "log: $argon2 / admin password / bearer token", `${L.argon2} / ${L.adminPassword} / ${L.bearerToken}`, "0 / 0 / 0", L.argon2 + L.adminPassword + L.bearerToken === 0);
    check(r.db, "log: 'params:' / 'Failed query'", `${L.params} / ${L.failedQuery}`, "0 / 0", L.params + L.failedQuery === 0);
    check(r.db, "log: e-mails / message texts we sent", `${L.emails} / ${L.messageTexts}`, "0 / 0", L.emails + L.messageTexts === 0);
    check(r.db, "log (XFF server): e-mails / message texts", `${r.xffLog.emails} / ${r.xffLog.messageTexts}`, "0 / 0", r.xffLog.emails + r.xffLog.messageTexts === 0);
    check(r.db, `  of those, outside '${FILE_MAILER_MSG}' lines`, `${L.outsideFileMailer} + ${r.xffLog.outsideFileMailer}`, "0 + 0", L.outsideFileMailer + r.xffLog.outsideFileMailer === 0);
    check(r.db, "log: raw tokens in logged mail links", `${L.rawTokensInLinks} + ${r.xffLog.rawTokensInLinks}`, "0 + 0", L.rawTokensInLinks + r.xffLog.rawTokensInLinks === 0);
    check(r.db, "log: error-level lines", L.errorLines, "0", L.errorLines === 0);

    log(`\n== ${r.db}: 413 probe (1.5 MB JSON to POST /api/contact, 64 KB every 2 ms, answer read only after the last byte) ==`);
    const readable = r.big.tries.filter((t) => t.statusLine.startsWith("HTTP/1.1 413") && t.envelope).length;
    r.big.tries.forEach((t, i) => log(`  try ${i + 1}: ${t.statusLine} envelope=${t.envelope} written=${t.written}${t.writeError ? ` writeError=${t.writeError}` : ""}${t.readError ? ` readError=${t.readError}` : ""}`));
    const brief = (list: typeof r.big.tries) => list.map((t) => `${t.statusLine.replace("HTTP/1.1 ", "")}${t.envelope ? "" : " (no envelope)"}${t.writeError ? ` [write: ${t.writeError}]` : ""}${t.readError ? ` [read: ${t.readError}]` : ""}`).join(" | ");
    log(`  extra, the same probe 7x from one address (past the form limit of ${FORM_LIMIT}/min):`);
    log(`    with Connection: close: ${brief(r.big.oneAddressClose)}`);
    log(`    keep-alive:             ${brief(r.big.oneAddressKeepAlive)}`);
    check(r.db, "readable 413 + envelope", `${readable}/${r.big.tries.length}`, `${r.big.tries.length}/${r.big.tries.length}`, readable === r.big.tries.length);
  }

  log("\n== figures ==");
  log(table([["db", "check", "value", "expected", ""], ...checks.map((c) => [c.db, c.what, c.value, c.expected, c.ok ? "ok" : "MISS"])]));
  const ok = checks.every((c) => c.ok);
  log(ok ? "\nevery check holds" : `\n${checks.filter((c) => !c.ok).length} check(s) missed (MISS above)`);
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
