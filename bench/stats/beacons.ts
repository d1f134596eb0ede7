/**
 * POST /api/events at a fixed rate, open loop: request n is due at t0 + n / rate whatever the
 * server did with the earlier ones, and its latency is counted from that due time (so a server
 * that falls behind shows it, instead of slowing the load down: no coordinated omission). Each
 * beacon is what a browser's navigator.sendBeacon sends: a JSON string as text/plain, a real
 * browser's user agent, and (the server runs with TRUST_PROXY) a visitor address in
 * X-Forwarded-For, picked from a pool large enough that no address comes near the per-address
 * limit (EVENTS_RATE_LIMIT, 300 a minute).
 */
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { isbot } from "isbot";

const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 355.0.0.0 (iPhone14,5; iOS 17_6; en_US)",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0",
];
const PATHS = ["/", "/", "/", "/shows", "/shows", "/merch", "/videos", "/lyrics", "/lyrics/3", "/lyrics/17", "/privacy", "/?utm_source=instagram&utm_medium=social&utm_campaign=tour-2026", "/shows?utm_source=newsletter", "/merch?utm_source=tiktok"];
const REFERRERS = ["", "", "https://www.instagram.com/", "https://www.google.com/", "https://l.facebook.com/", "https://www.tiktok.com/", "https://t.co/abc", "https://blog-7.example/post/12", "SITE/shows", "SITE/"];

if (USER_AGENTS.some((ua) => isbot(ua))) throw new Error("a bench user agent is a bot to isbot: its beacons would be answered but not stored");

/** A public IPv4 address for visitor n: spread over the address space, so the places vary too. */
export function visitorAddress(n: number): string {
  // a multiplicative hash of n spreads consecutive visitors; first octets that are private,
  // loopback, link-local, CGNAT, multicast or reserved are moved into 1-99 or 130-170
  const h = Math.imul(n + 1, 2654435761) >>> 0;
  let a = (h >>> 24) & 255;
  if (a === 0 || a === 10 || a === 100 || a === 127 || a === 169 || a === 172 || a === 192 || a >= 224) a = 1 + (a % 99);
  return `${a}.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${(h & 255) || 1}`;
}

export interface BeaconBody {
  type: "pageview";
  path: string;
  referrer: string;
}

/** The n-th beacon: its body and headers (`site` is the product's own URL, for internal referrers). */
export function beacon(n: number, site: string, addresses: number): { body: string; headers: Record<string, string> } {
  const pick = <T>(xs: T[], salt: number) => xs[(Math.imul(n + salt, 40503) >>> 3) % xs.length];
  const body: BeaconBody = { type: "pageview", path: pick(PATHS, 1), referrer: pick(REFERRERS, 7).replace("SITE", site) };
  const text = JSON.stringify(body);
  return {
    body: text,
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      "user-agent": pick(USER_AGENTS, 3),
      "x-forwarded-for": visitorAddress(n % addresses),
      origin: site,
    },
  };
}

export interface BeaconRun {
  /** beacons sent in the measured window (after the warm-up) */
  sent: number;
  seconds: number;
  statuses: Record<string, number>;
  /** every beacon answered 202, warm-up included: what the database must hold */
  accepted: number;
  errors: number;
  timeouts: number;
  /** ms from the due time to the end of the answer (open loop), measured window only */
  latency: { p50: number; p90: number; p99: number; max: number };
  /** ms from the moment the request was written, the server's share alone */
  service: { p50: number; p99: number };
  /** the load generator's own event-loop delay p99 (ms): a late generator adds to the latency above */
  generatorLagP99: number;
  /** when the last answer came, performance.now() */
  lastAnswerAt: number;
  /** answers a second from the first beacon's due time to the last answer: below the rate, the server fell behind */
  answeredPerSecond: number;
}

const TIMEOUT_MS = 10_000;

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/**
 * `rate` beacons a second for `warmupSeconds` (not measured, but counted in `accepted`) and then
 * `seconds`. Addresses: enough that none sends more than ~50 beacons over the whole run.
 */
export async function openLoopBeacons(base: string, o: { rate: number; seconds: number; warmupSeconds: number }): Promise<BeaconRun & { addresses: number }> {
  const url = new URL("/api/events", base);
  const total = Math.round(o.rate * (o.warmupSeconds + o.seconds));
  const warm = Math.round(o.rate * o.warmupSeconds);
  const addresses = Math.max(1000, Math.ceil(total / 50));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies = new Float64Array(total - warm);
  const service = new Float64Array(total - warm);
  const statuses: Record<string, number> = {};
  let accepted = 0;
  let errors = 0;
  let timeouts = 0;
  let answered = 0;
  let lastAnswerAt = 0;
  const lag = monitorEventLoopDelay({ resolution: 10 });

  const t0 = performance.now() + 50;
  const dueAt = (n: number) => t0 + (n * 1000) / o.rate;

  await new Promise<void>((resolve) => {
    const done = () => {
      answered++;
      lastAnswerAt = performance.now();
      if (answered === total) resolve();
    };
    const fire = (n: number) => {
      const { body, headers } = beacon(n, base, addresses);
      const sentAt = performance.now();
      const req = http.request(url, { method: "POST", agent, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) }, timeout: TIMEOUT_MS }, (res) => {
        res.resume();
        res.on("end", () => {
          const end = performance.now();
          const code = res.statusCode ?? 0;
          statuses[code] = (statuses[code] ?? 0) + 1;
          if (code === 202) accepted++;
          if (n >= warm) {
            latencies[n - warm] = end - dueAt(n);
            service[n - warm] = end - sentAt;
          }
          done();
        });
      });
      req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "BENCH_TIMEOUT" })));
      req.on("error", (err: NodeJS.ErrnoException) => {
        if (err.code === "BENCH_TIMEOUT") timeouts++;
        else errors++;
        if (n >= warm) latencies[n - warm] = service[n - warm] = TIMEOUT_MS;
        done();
      });
      req.end(body);
    };
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && dueAt(next) <= now) {
        if (next === warm) lag.enable();
        fire(next++);
      }
      if (next < total) setTimeout(tick, Math.max(0, Math.min(1, dueAt(next) - performance.now())));
    };
    setTimeout(tick, 50);
  });
  lag.disable();
  agent.destroy();
  latencies.sort();
  service.sort();
  return {
    sent: total - warm,
    seconds: o.seconds,
    statuses,
    accepted,
    errors,
    timeouts,
    latency: { p50: percentile(latencies, 0.5), p90: percentile(latencies, 0.9), p99: percentile(latencies, 0.99), max: latencies[latencies.length - 1] },
    service: { p50: percentile(service, 0.5), p99: percentile(service, 0.99) },
    generatorLagP99: lag.percentile(99) / 1e6,
    lastAnswerAt,
    answeredPerSecond: total / ((lastAnswerAt - t0) / 1000),
    addresses,
  };
}
