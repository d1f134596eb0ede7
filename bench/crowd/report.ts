/** Tables: per path, the crowd, memory, and the summary against the issue's targets. */
import { combine, cpuPerRequest, rate, type BeaconCounts, type Crowd, type Pair, type Run, type Snapshot } from "./load";

export type DbKind = "pglite" | "postgres";

export interface DbResult {
  db: DbKind;
  snapshots: Snapshot[];
  pairs: Pair[];
  crowd: Crowd;
  /** --beacons on: every beacon's status (pairs and crowd), and the page views the report counts after them */
  beacons?: { sent: BeaconCounts; inReport: number; waitedMs: number | null };
  /** atStart: 2-5 s after /healthz; idle: settled, --settle-seconds after start (see run.ts) */
  rss: { atStart: number; idle: number; peak: number; after: number; samples: number };
  serverLog: string;
}

export const TARGETS = { ratio: 0.8, p99: 20, crowdP99: 100, idleRss: { pglite: 300, postgres: 150 } as Record<DbKind, number> };

const mb = (b: number) => b / 1024 / 1024;
const fail = (r: Run) => `${r.errors}/${r.timeouts}/${r.non2xx}`;

function table(head: string[], rows: string[][], right = new Set<number>()): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ").trimEnd();
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** The product's answer of a pair's path; the beacons' pair reads GET / as "encoded". */
const snapshotOf = (r: DbResult, p: Pair) => r.snapshots.find((x) => x.path === p.path && x.variant === (p.variant === "beacons" ? "encoded" : p.variant))!;

function size(results: DbResult, p: Pair): string {
  const s = snapshotOf(results, p);
  return `${s.bytes} ${(s.headers["content-encoding"] as string | undefined) ?? "identity"}`;
}

/** The product's header block as sent, roughly: "name: value\r\n" per header (Date, Connection, Keep-Alive included). */
function headerBytes(results: DbResult, p: Pair): string {
  const s = snapshotOf(results, p);
  return String(Object.entries(s.headers).reduce((n, [k, v]) => n + k.length + 4 + String(v).length, 0));
}

export function pathTable(results: DbResult[]): string {
  const rows = results.flatMap((r) =>
    r.pairs.map((p) => {
      const prod = combine(p.product);
      const bare = combine(p.bare);
      const bodyOnly = p.bareBodyOnly && combine(p.bareBodyOnly);
      const us = (run: Run | undefined) => (run && cpuPerRequest(run))?.toFixed(1) ?? "-";
      return [
        r.db, p.variant, p.path, size(r, p), headerBytes(r, p), rate(prod).toFixed(0), rate(bare).toFixed(0), (rate(prod) / rate(bare)).toFixed(2),
        bodyOnly ? rate(bodyOnly).toFixed(0) : "-", bodyOnly ? (rate(prod) / rate(bodyOnly)).toFixed(2) : "-",
        us(prod), us(bare), us(bodyOnly), cpuRatio(prod, bare), bodyOnly ? cpuRatio(prod, bodyOnly) : "-",
        prod.p99.toFixed(0), bare.p99.toFixed(0), fail(prod), fail(bare),
      ];
    }),
  );
  return table(
    ["db", "variant", "path", "bytes enc", "header bytes", "product req/s", "bare req/s", "ratio", "body-only req/s", "ratio body-only", "product µs/req", "bare µs/req", "body-only µs/req", "CPU ratio", "CPU ratio body-only", "product p99 ms", "bare p99 ms", "product err/to/non2xx", "bare err/to/non2xx"],
    rows,
    new Set([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]),
  );
}

/** bare's server CPU per request over the product's: 1.00 = the product's own work costs nothing more */
function cpuRatio(product: Run, baseline: Run): string {
  const p = cpuPerRequest(product);
  const b = cpuPerRequest(baseline);
  return p === undefined || b === undefined ? "-" : (b / p).toFixed(2);
}

function statusRuns(statuses: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < statuses.length; ) {
    let j = i;
    while (j < statuses.length && statuses[j] === statuses[i]) j++;
    out.push(`${statuses[i] || "network error"}x${j - i}`);
    i = j;
  }
  return out.join(" ");
}

export function crowdTable(results: DbResult[]): string {
  const rows = results.flatMap((r) => {
    const c = r.crowd;
    const lines = Object.entries(c.perPath).map(([p, run]) => [r.db, p, run.requests.toLocaleString("en-US"), rate(run).toFixed(0), run.p99.toFixed(0), String(run.errors), String(run.timeouts), String(run.non2xx)]);
    const all = combine(Object.values(c.perPath));
    all.seconds = c.seconds;
    lines.push([r.db, "total", all.requests.toLocaleString("en-US"), rate(all).toFixed(0), all.p99.toFixed(0), String(all.errors), String(all.timeouts), String(all.non2xx)]);
    return lines;
  });
  const writes = results.map((r) => {
    const w = r.crowd.writes;
    const ms = w.map((x) => x.writeMs).sort((a, b) => a - b);
    const bad = w.map((x, i) => ({ ...x, i })).filter((x) => x.status < 200 || x.status > 299);
    return [
      `${r.db}: ${w.length} admin writes (POST /api/shows, one a second), statuses in order: ${statusRuns(w.map((x) => x.status))}`,
      `  write latency median ${ms[Math.floor(ms.length / 2)]?.toFixed(0)} ms, max ${ms[ms.length - 1]?.toFixed(0)} ms; stale GET /api/shows after a write: ${w.filter((x) => x.staleApi).length}; stale GET / after a write: ${w.filter((x) => x.stalePage).length}`,
      ...bad.map((x) => `  write #${x.i + 1}: ${x.status || "network error"} ${x.error ?? ""}`),
      ...(r.beacons ? [beaconLine(r.beacons)] : []),
    ].join("\n");
  });
  return `${table(["db", "path", "requests", "req/s", "p99 ms", "errors", "timeouts", "non2xx"], rows, new Set([2, 3, 4, 5, 6, 7]))}\n\n${writes.join("\n")}`;
}

function beaconLine(b: NonNullable<DbResult["beacons"]>): string {
  const statuses = Object.entries(b.sent.statuses).map(([code, k]) => `${code}x${k.toLocaleString("en-US")}`).join(" ") || "none";
  return `  beacons (POST /api/events, pairs + crowd): ${b.sent.written.toLocaleString("en-US")} written, answered ${statuses} (the rest cut off at the end of a run); page views in the report: ${b.inReport.toLocaleString("en-US")}${b.waitedMs === null ? " (fewer than the 202s after 60 s)" : `, every 202 in ${(b.waitedMs / 1000).toFixed(1)} s after the load`}`;
}

export function rssTable(results: DbResult[]): string {
  return table(
    ["db", "2-5 s after start MB", "idle (settled) MB", "peak during load MB", "after load MB", "samples"],
    results.map((r) => [r.db, mb(r.rss.atStart).toFixed(0), mb(r.rss.idle).toFixed(0), mb(r.rss.peak).toFixed(0), mb(r.rss.after).toFixed(0), String(r.rss.samples)]),
    new Set([1, 2, 3, 4, 5]),
  );
}

/** The summary against the targets; returns the text and whether every target was met. */
export function summary(results: DbResult[]): { text: string; ok: boolean } {
  let ok = true;
  const mark = (pass: boolean, value: string) => {
    ok &&= pass;
    return `${value} ${pass ? "ok" : "MISS"}`;
  };
  const cols = results.map((r) => r.db);
  const rows: string[][] = [];
  const first = results[0];
  for (const p of first.pairs) {
    const of = (r: DbResult) => r.pairs.find((x) => x.path === p.path && x.variant === p.variant)!;
    rows.push([`ratio ${p.variant} ${p.path}`, `>= ${TARGETS.ratio}`, ...results.map((r) => { const x = of(r); const v = rate(combine(x.product)) / rate(combine(x.bare)); return mark(v >= TARGETS.ratio, v.toFixed(2)); })]);
    if (p.bareBodyOnly) rows.push([`ratio vs body-only ${p.variant} ${p.path}`, `>= ${TARGETS.ratio}`, ...results.map((r) => { const x = of(r); const v = rate(combine(x.product)) / rate(combine(x.bareBodyOnly!)); return mark(v >= TARGETS.ratio, v.toFixed(2)); })]);
    rows.push([`p99 ${p.variant} ${p.path}`, `<= ${TARGETS.p99} ms`, ...results.map((r) => { const v = combine(of(r).product).p99; return mark(v <= TARGETS.p99, `${v.toFixed(0)} ms`); })]);
  }
  const crowdAll = (r: DbResult) => combine(Object.values(r.crowd.perPath));
  rows.push(["crowd errors+timeouts+non2xx", "0", ...results.map((r) => { const a = crowdAll(r); return mark(a.errors + a.timeouts + a.non2xx === 0, `${a.errors}+${a.timeouts}+${a.non2xx}`); })]);
  rows.push(["crowd p99 (worst path)", `<= ${TARGETS.crowdP99} ms`, ...results.map((r) => { const v = crowdAll(r).p99; return mark(v <= TARGETS.crowdP99, `${v.toFixed(0)} ms`); })]);
  rows.push(["admin writes 2xx", "all", ...results.map((r) => { const w = r.crowd.writes; const good = w.filter((x) => x.status >= 200 && x.status < 300).length; return mark(w.length > 0 && good === w.length, `${good}/${w.length}`); })]);
  rows.push(["stale reads after a write (api+page)", "0", ...results.map((r) => { const w = r.crowd.writes; const n = w.filter((x) => x.staleApi).length + w.filter((x) => x.stalePage).length; return mark(n === 0, String(n)); })]);
  if (results.some((r) => r.beacons)) {
    rows.push(["beacons: 202s <= page views in the report <= written", "both", ...results.map((r) => { if (!r.beacons) return "-"; const a = r.beacons.sent.statuses["202"] ?? 0; return mark(a > 0 && a <= r.beacons.inReport && r.beacons.inReport <= r.beacons.sent.written, `${a} <= ${r.beacons.inReport} <= ${r.beacons.sent.written}`); })]);
    rows.push(["beacons answered other than 202", "0", ...results.map((r) => { if (!r.beacons) return "-"; const other = Object.entries(r.beacons.sent.statuses).filter(([c]) => c !== "202").reduce((a, [, k]) => a + k, 0); return mark(other === 0, String(other)); })]);
  }
  rows.push(["RSS idle (settled)", results.map((r) => `${r.db} <= ${TARGETS.idleRss[r.db]} MB`).join(", "), ...results.map((r) => mark(mb(r.rss.idle) <= TARGETS.idleRss[r.db], `${mb(r.rss.idle).toFixed(0)} MB`))]);
  return { text: table(["check", "target", ...cols], rows), ok };
}
