/** The load: the bare baseline, alternating product/bare rounds, and the crowd with admin writes. */
import autocannon from "autocannon";
import { fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { beacon } from "../stats/beacons";
import { adminToken } from "./product";

export const PATHS = ["/", "/api/shows", "/api/merchandise"] as const;
/** "beacons": GET / as "encoded", each followed on its connection by its page view's POST /api/events (issue 23) */
export type Variant = "encoded" | "identity" | "beacons";
export const BEACON_PATH = "/api/events";
const TIMEOUT_S = 10;

/** The same request headers for product and bare; "encoded" is what a browser sends. */
export function headersFor(urlPath: string, variant: Variant): Record<string, string> {
  return {
    accept: urlPath === "/" ? "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" : "application/json",
    "user-agent": "crowd-bench (autocannon)",
    ...(variant !== "identity" ? { "accept-encoding": "gzip, br" } : {}),
  };
}

export interface Snapshot {
  path: string;
  variant: Variant;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string; // base64 of the bytes on the wire (compressed if the product compressed)
  bytes: number;
}

/** One raw GET (no decompression, no extra headers), as the bare server will replay it. */
export function snapshot(base: string, urlPath: string, variant: Variant): Promise<Snapshot> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${urlPath}`, { headers: headersFor(urlPath, variant), agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ path: urlPath, variant, status: res.statusCode ?? 0, headers: res.headers, body: body.toString("base64"), bytes: body.length });
        });
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The product's answer to one beacon, which the bare server replays for POST /api/events. */
export function beaconSnapshot(base: string): Promise<Snapshot> {
  const { body, headers } = beacon(0, base, 1);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${BEACON_PATH}`, { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        beaconCounts.written++;
        countBeacon(res.statusCode ?? 0);
        resolve({ path: BEACON_PATH, variant: "beacons", status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString("base64"), bytes: bytes.length });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Beacons sent to the product (pairs and crowd): `written` as autocannon wrote them, and the
 * statuses of those answered. autocannon ends a run by dropping its connections, so the last
 * beacon of a connection may reach the product unanswered: the product must store at least
 * every 202 and at most every beacon written.
 */
export interface BeaconCounts {
  written: number;
  statuses: Record<string, number>;
}
let beaconCounts: BeaconCounts = { written: 0, statuses: {} };
/** The beacons' counts since the last call. */
export function takeBeaconCounts(): BeaconCounts {
  const counts = beaconCounts;
  beaconCounts = { written: 0, statuses: {} };
  return counts;
}
const countBeacon = (status: number) => void (beaconCounts.statuses[status] = (beaconCounts.statuses[status] ?? 0) + 1);

/**
 * The requests of a page view with its beacon, for autocannon: GET `urlPath`, then POST
 * /api/events as the browser's sendBeacon sends it (text/plain JSON, a browser's user agent, a
 * visitor address in X-Forwarded-For: the product runs with TRUST_PROXY). The beacons go to
 * `beaconCounts` when `count` (the bare server's are not the product's).
 */
function pageViews(base: string, urlPath: string, headers: Record<string, string>, count: boolean): autocannon.Request[] {
  return [
    { method: "GET" as const, path: urlPath, headers },
    {
      method: "POST" as const,
      path: BEACON_PATH,
      setupRequest: (req: autocannon.Request) => {
        const b = beacon(beaconSeq++, base, BEACON_ADDRESSES);
        if (count) beaconCounts.written++;
        req.headers = b.headers;
        req.body = b.body;
        return req;
      },
      ...(count ? { onResponse: countBeacon } : {}),
    },
  ];
}
let beaconSeq = 0;
/** visitor addresses the beacons come from: at 1,000 beacons/s each sends ~12 a minute, well under the limit of 300 */
const BEACON_ADDRESSES = 5000;

export interface Bare {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

export async function startBare(snapshots: Snapshot[]): Promise<Bare> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "crowd-bare-")), "answers.json");
  fs.writeFileSync(file, JSON.stringify(snapshots));
  // execArgv: [] so the baseline runs on plain node, not under this process's tsx loader
  const child = fork(new URL("./bare-server.mjs", import.meta.url).pathname, [file], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: { port: number }) => resolve(m.port));
    child.once("exit", (code) => reject(new Error(`bare server exited (${code})`)));
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      child.send("close");
      await exited;
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

export interface Run {
  requests: number;
  seconds: number;
  p99: number;
  errors: number; // connection errors other than timeouts
  timeouts: number;
  non2xx: number;
  /** the serving process's CPU time (all its threads, user + system) over the round, in ms */
  serverCpuMs?: number;
}

/** USER_HZ: 100 on Linux for every architecture this runs on */
const CLOCK_TICKS = 100;
/** CPU time a process has used so far (utime + stime, /proc/<pid>/stat), in ms. */
function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** `load`, with the CPU the serving process used meanwhile. */
async function measuredLoad(pid: number, ...args: Parameters<typeof load>): Promise<Run> {
  const before = cpuMsOf(pid);
  const run = await load(...args);
  return { ...run, serverCpuMs: cpuMsOf(pid) - before };
}

export async function load(url: string, connections: number, seconds: number, headers: Record<string, string>, withBeacons?: { count: boolean }): Promise<Run> {
  const u = new URL(url);
  const requests = withBeacons ? pageViews(u.origin, u.pathname, headers, withBeacons.count) : undefined;
  const r = await autocannon({ url, connections, duration: seconds, headers, timeout: TIMEOUT_S, ...(requests ? { requests } : {}) });
  // autocannon counts a timeout as an error too
  return { requests: r.requests.total, seconds: r.duration, p99: r.latency.p99, errors: r.errors - r.timeouts, timeouts: r.timeouts, non2xx: r.non2xx };
}

export interface Pair {
  path: string;
  variant: Variant;
  product: Run[];
  bare: Run[];
  /** JSON paths: the bare server with only the body and its content type (and encoding, length): issue 22 */
  bareBodyOnly?: Run[];
}

/** bare-server.mjs serves each answer with only the headers its bytes need under this prefix */
export const BODY_ONLY = "/body-only";
export const isJson = (p: string) => p.startsWith("/api/");

/**
 * Warm them up, then product, bare, (bare body-only,) product, bare, ... so drift on a shared
 * machine hits all alike. JSON paths also run against the body-only bare answer (issue 22).
 * Each round also reads the serving process's CPU time: the server's own cost per request, which
 * a neighbour's load moves far less than req/s (the load generator shares the same 2 cores).
 */
export async function alternatingPairs(
  product: { url: string; pid: number },
  bare: { url: string; pid: number },
  o: { connections: number; rounds: number; seconds: number; variants: Variant[] },
  log: (s: string) => void,
): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (const variant of o.variants) {
    // a page view's beacon goes with a page, not with a JSON read
    for (const p of variant === "beacons" ? (["/"] as const) : PATHS) {
      const h = headersFor(p, variant);
      const productBeacons = variant === "beacons" ? { count: true } : undefined;
      const bareBeacons = variant === "beacons" ? { count: false } : undefined;
      await load(product.url + p, o.connections, 1, h, productBeacons);
      await load(bare.url + p, o.connections, 1, h, bareBeacons);
      const pair: Pair = { path: p, variant, product: [], bare: [], ...(isJson(p) ? { bareBodyOnly: [] } : {}) };
      if (pair.bareBodyOnly) await load(bare.url + BODY_ONLY + p, o.connections, 1, h);
      for (let i = 0; i < o.rounds; i++) {
        pair.product.push(await measuredLoad(product.pid, product.url + p, o.connections, o.seconds, h, productBeacons));
        pair.bare.push(await measuredLoad(bare.pid, bare.url + p, o.connections, o.seconds, h, bareBeacons));
        if (pair.bareBodyOnly) pair.bareBodyOnly.push(await measuredLoad(bare.pid, bare.url + BODY_ONLY + p, o.connections, o.seconds, h));
      }
      const rates = (runs: Run[]) => runs.map((r) => rate(r).toFixed(0)).join("/");
      log(`  ${variant.padEnd(8)} ${p.padEnd(17)} product ${rates(pair.product)} req/s, bare ${rates(pair.bare)} req/s${pair.bareBodyOnly ? `, bare body-only ${rates(pair.bareBodyOnly)} req/s` : ""}`);
      pairs.push(pair);
    }
  }
  return pairs;
}

export const rate = (r: Run) => r.requests / r.seconds;
/** All rounds together: total requests over total seconds; p99 of the worst round. */
export function combine(runs: Run[]): Run {
  const sum = (f: (r: Run) => number) => runs.reduce((a, r) => a + f(r), 0);
  const cpu = runs.every((r) => r.serverCpuMs !== undefined) ? { serverCpuMs: sum((r) => r.serverCpuMs!) } : {};
  return { requests: sum((r) => r.requests), seconds: sum((r) => r.seconds), p99: Math.max(...runs.map((r) => r.p99)), errors: sum((r) => r.errors), timeouts: sum((r) => r.timeouts), non2xx: sum((r) => r.non2xx), ...cpu };
}

/** The serving process's CPU per request, in µs (all rounds together); undefined when not measured. */
export const cpuPerRequest = (r: Run): number | undefined => (r.serverCpuMs === undefined || r.requests === 0 ? undefined : (r.serverCpuMs * 1000) / r.requests);

export interface Write {
  status: number;
  writeMs: number;
  staleApi: boolean; // GET /api/shows right after the 2xx did not list the new id
  stalePage: boolean; // GET / right after did not carry the new venue (it is an upcoming show)
  error?: string;
}

export interface Crowd {
  seconds: number;
  perPath: Record<string, Run>;
  writes: Write[];
}

function futureDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

async function oneWrite(base: string, token: string, n: number): Promise<Write> {
  const venue = `Crowd Bench Hall ${process.pid}-${n}`;
  const show = { venue, location: "Greenville, NC", date: futureDate(30 + (n % 60)), time: "8:00 PM", price: "15.00", ageRestriction: "All Ages", supportingActs: "", eventUrl: "" };
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/shows`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(show) });
    const body = (await res.json()) as { data?: { id?: number } };
    const writeMs = performance.now() - started;
    if (!res.ok) return { status: res.status, writeMs, staleApi: false, stalePage: false, error: JSON.stringify(body).slice(0, 200) };
    const id = body.data?.id;
    const list = (await (await fetch(`${base}/api/shows`, { headers: headersFor("/api/shows", "encoded") })).json()) as { data: { id: number }[] };
    const page = await (await fetch(`${base}/`, { headers: headersFor("/", "encoded") })).text();
    return { status: res.status, writeMs, staleApi: !list.data.some((s) => s.id === id), stalePage: !page.includes(venue) };
  } catch (err) {
    return { status: 0, writeMs: performance.now() - started, staleApi: false, stalePage: false, error: (err as Error).message };
  }
}

/**
 * `connections` split over / and /api/shows for `seconds`, while an admin creates a show every
 * second. With `beacons`, each GET / is followed on its connection by its page view's beacon.
 */
export async function crowdWithWrites(base: string, admin: { username: string; password: string }, o: { connections: number; seconds: number; beacons: boolean }): Promise<Crowd> {
  const token = await adminToken(base, admin);
  const half = Math.floor(o.connections / 2);
  const loads = [load(base + "/", half, o.seconds, headersFor("/", "encoded"), o.beacons ? { count: true } : undefined), load(base + "/api/shows", o.connections - half, o.seconds, headersFor("/api/shows", "encoded"))];
  const writes: Promise<Write>[] = [];
  const t0 = Date.now();
  for (let n = 0; n < o.seconds; n++) {
    // a tick every second, each write independent of the previous one (a slow write does not delay the next)
    const due = t0 + 500 + n * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    writes.push(oneWrite(base, token, n));
  }
  const [home, shows] = await Promise.all(loads);
  return { seconds: o.seconds, perPath: { [o.beacons ? "/ + beacon" : "/"]: home, "/api/shows": shows }, writes: await Promise.all(writes) };
}
