import { createHash, randomUUID } from "node:crypto";
import { setImmediate } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { IDLE, PollingWorker } from "../../services/polling-worker";
import { GeoLookup } from "./geo";
import { addHits, insertEvents, saltsOf, type StoredEvent } from "./repository";
import type { VisitSource } from "./sources";

/** An event as a request hands it over: the address and user agent stay in memory, never stored. */
export interface Hit extends VisitSource {
  kind: "pageview" | "show" | "merch" | "newsletter" | "release";
  target: number | null;
  address: string;
  userAgent: string;
}

interface Pending extends Hit {
  id: string;
  at: Date;
}

/** Events held at most; past it new events are dropped (and counted in the log), the held ones kept. */
export const MAX_BUFFERED = 20_000;
/**
 * Events written in one statement. Small, so that preparing and writing one keeps the server's
 * other requests waiting a few ms at most (PGlite runs its statements on this thread): at 2,000
 * beacons a second, 2,000-event batches held every request behind them for 100 ms and more, and
 * 200-event ones left the beacon's p99 at 20.6 ms on PGlite (27 Nov 2026, bench/stats).
 */
const BATCH = 100;
/** Addresses whose hits go to the shared counters in one statement (same reason as BATCH). */
const HITS_BATCH = 250;
/** The share of the limit an address sends one instance before its hits go to the shared counters. */
const SHARED_FROM = 0.1;
/** Events prepared (day, place, visitor hash) between two turns of the event loop. */
const SLICE = 50;
/** Addresses whose page views one instance counts in a minute; past it new addresses go uncounted. */
const MAX_TRACKED_ADDRESSES = 50_000;
const RATE_WINDOW_MS = 60_000;
/** A batch is written at least this often (a visit shows in the report within ~10 s). */
export const FLUSH_EVERY_MS = 2_000;
const MAX_USER_AGENT = 512;

export interface CollectorOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** the site's host: part of the visitor hash, and a referrer from it is no source */
  site: string;
  /** the band's day of a moment (its time zone, read from the settings now and then) */
  dayOf: (at: Date) => Promise<string>;
  /** page views per minute per address, across instances */
  rateLimit: number;
  geoDir?: string;
  now?: () => Date;
}

/**
 * Counts page views and outbound clicks without slowing the requests that bring them (decision
 * 034). record() only appends to a bounded buffer in memory; a polling loop writes it in batches
 * every FLUSH_EVERY_MS (and on close), hashing each visitor with the day's salt and looking its
 * place up then. A batch whose write fails goes back to the front of the buffer and is written
 * again by the loop's next try; its events keep the ids they were given here, so a write that
 * landed before the connection broke is not counted twice.
 *
 * The per-address limit is counted here too: each instance counts its own hits in memory at
 * once (a 429 without touching the database) and adds them to the shared counters in
 * rate_limits at each round, so an address over the limit on all instances together is refused
 * everywhere from the next round on (at most FLUSH_EVERY_MS late). An address goes to the shared
 * counters once it has sent this instance a tenth of the limit (SHARED_FROM): a fan's few page
 * views a minute then cost the database nothing (one upsert per visitor and round was a third of
 * a beacon's CPU on PGlite), while an address can pass the limit across N instances by at most
 * (N - 1) tenths of it before every instance refuses it.
 */
export class StatsCollector {
  private buffer: Pending[] = [];
  private dropped = 0;
  private readonly geo: GeoLookup;
  private readonly loop: PollingWorker;
  private readonly salts = new Map<string, string>();
  /** hits per address in this window, not yet added to the shared counters */
  private readonly unsent = new Map<string, number>();
  /** addresses in `unsent` that have reached the share of the limit that goes to the shared counters */
  private readonly due = new Set<string>();
  private readonly shareFrom: number;
  /** hits per address in this window on this instance, and across instances once known */
  private seen = new Map<string, number>();
  private blockedUntil = new Map<string, number>();
  private windowStart = 0;
  private closed = false;

  constructor(private readonly opts: CollectorOptions) {
    this.shareFrom = Math.max(1, Math.floor(opts.rateLimit * SHARED_FROM));
    this.geo = new GeoLookup(opts.geoDir, (err, file) => opts.log.warn({ err, file }, "stats: the IP location database could not be read; places are 'unknown'"));
    this.loop = new PollingWorker({
      round: () => this.round(),
      pollMs: FLUSH_EVERY_MS,
      retryMs: (failures) => Math.min(FLUSH_EVERY_MS * 2 ** failures, 60_000),
      log: opts.log,
      failed: "stats: writing events failed; they are kept and written again",
      unref: true,
    });
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  /**
   * Counts one hit against its address's limit: false when the address is over it (the caller
   * answers 429). Never waits.
   */
  allow(address: string): boolean {
    const now = this.now().getTime();
    if (now - this.windowStart >= RATE_WINDOW_MS) {
      this.windowStart = now;
      this.seen.clear();
      this.unsent.clear();
      this.due.clear();
    }
    const until = this.blockedUntil.get(address);
    if (until !== undefined) {
      if (until > now) return false;
      this.blockedUntil.delete(address);
    }
    const count = this.seen.get(address);
    if (count === undefined && this.seen.size >= MAX_TRACKED_ADDRESSES) return true;
    const next = (count ?? 0) + 1;
    if (next > this.opts.rateLimit) return false;
    this.seen.set(address, next);
    this.unsent.set(address, (this.unsent.get(address) ?? 0) + 1);
    if (next >= this.shareFrom) this.due.add(address);
    return true;
  }

  /** Takes one event to be written with the next batch; never waits, never throws. */
  record(hit: Hit): void {
    if (this.closed) return;
    if (this.buffer.length >= MAX_BUFFERED) {
      this.dropped++;
      return;
    }
    this.buffer.push({ ...hit, userAgent: hit.userAgent.slice(0, MAX_USER_AGENT), id: randomUUID(), at: this.now() });
    if (this.buffer.length >= BATCH) this.loop.wake();
  }

  /** Events waiting to be written (tests, and the log). */
  get pending(): number {
    return this.buffer.length;
  }

  /** Starts the loop that writes batches (the server's background work). */
  start(): void {
    this.loop.start();
  }

  /** Writes everything held now (tests; and close). Throws when the database does not take it. */
  async flush(): Promise<void> {
    while (this.buffer.length > 0) await this.writeBatch();
    await this.sendHits();
  }

  /** Stops the loop and writes what is left; a database that is down then loses it (logged). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.loop.stop();
    try {
      await this.flush();
    } catch (err) {
      this.opts.log.warn({ err, lost: this.buffer.length }, "stats: the last events could not be written at shutdown");
    }
    this.geo.close();
  }

  private async round(): Promise<number | typeof IDLE> {
    if (this.dropped > 0) {
      this.opts.log.warn({ dropped: this.dropped }, "stats: the event buffer was full; newer events were dropped");
      this.dropped = 0;
    }
    await this.sendHits();
    if (this.buffer.length === 0) return IDLE;
    await this.writeBatch();
    return this.buffer.length >= BATCH ? 0 : FLUSH_EVERY_MS;
  }

  private async writeBatch(): Promise<void> {
    const batch = this.buffer.splice(0, BATCH);
    try {
      const rows = await this.stored(batch);
      await insertEvents(this.opts.db, rows);
    } catch (err) {
      // back to the front, same ids; what no longer fits is the newest, as with record()
      const room = Math.max(0, MAX_BUFFERED - this.buffer.length);
      this.dropped += Math.max(0, batch.length - room);
      this.buffer.unshift(...batch.slice(0, room));
      throw err;
    }
  }

  private async stored(batch: Pending[]): Promise<StoredEvent[]> {
    const days = await Promise.all(batch.map((e) => this.opts.dayOf(e.at)));
    const salts = await this.saltsFor(days);
    const rows: StoredEvent[] = [];
    for (let i = 0; i < batch.length; i++) {
      // the requests waiting meanwhile go first (the lookups and hashes are ~20 µs an event)
      if (i % SLICE === 0) await setImmediate();
      const e = batch[i];
      rows.push({
        id: e.id,
        at: e.at,
        day: days[i],
        kind: e.kind,
        path: e.path,
        target: e.target,
        visitor: visitorHash(salts.get(days[i])!, this.opts.site, e.address, e.userAgent),
        source: e.source,
        utmMedium: e.utmMedium,
        utmCampaign: e.utmCampaign,
        ...(await this.geo.place(e.address)),
      });
    }
    return rows;
  }

  /** The salts of these days; ones of days before the newest are forgotten here as in the database. */
  private async saltsFor(days: string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(days)];
    const missing = wanted.filter((d) => !this.salts.has(d));
    if (missing.length > 0) for (const [day, salt] of await saltsOf(this.opts.db, missing)) this.salts.set(day, salt);
    const newest = wanted.reduce((a, b) => (a > b ? a : b), "");
    for (const day of this.salts.keys()) if (day < newest && !wanted.includes(day)) this.salts.delete(day);
    return this.salts;
  }

  /** Adds this instance's hits to the shared counters; blocks addresses over the limit everywhere. */
  private async sendHits(): Promise<void> {
    if (this.due.size === 0) return;
    const unsent = [...this.due].map((address) => [address, this.unsent.get(address) ?? 0] as const);
    this.due.clear();
    for (const [address] of unsent) this.unsent.delete(address);
    const today = await this.opts.dayOf(this.now());
    const salt = (await this.saltsFor([today])).get(today)!;
    for (let from = 0; from < unsent.length; from += HITS_BATCH) {
      if (from > 0) await setImmediate();
      const keyOf = new Map<string, string>();
      const hits = new Map<string, number>();
      for (const [address, count] of unsent.slice(from, from + HITS_BATCH)) {
        const key = `events ${createHash("sha256").update(`${salt}\n${address}`).digest("base64url")}`;
        keyOf.set(key, address);
        hits.set(key, count);
      }
      const totals = await addHits(this.opts.db, hits, RATE_WINDOW_MS);
      const now = this.now().getTime();
      for (const [key, { count, ttl }] of totals) {
        const address = keyOf.get(key)!;
        if (this.seen.has(address)) this.seen.set(address, Math.max(this.seen.get(address)!, count));
        if (count > this.opts.rateLimit) this.blockedUntil.set(address, now + ttl);
      }
    }
  }
}

/** The day's visitor: the same address and browser on one day are one visitor, on the next a new one. */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${site}\n${address}\n${userAgent}`).digest("base64url").slice(0, 22);
}
