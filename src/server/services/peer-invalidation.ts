import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Client, Notification } from "pg";
import { instanceIdOf } from "../lib/instance";
import { CACHE_TAGS, type CacheTag } from "./public-cache";

/**
 * Cache invalidation across instances sharing one PostgreSQL. Each instance LISTENs on one
 * channel over a connection of its own; a local invalidation (after a write committed) bumps
 * the tags' versions in `cache_tag_versions` and announces them with NOTIFY in the same
 * statement, as '<instance id> <tag>:<version>,...', and every other instance drops the same
 * entries within milliseconds. A notice that could not be sent (the database blinked) is sent
 * again with backoff, merged with any later ones, until it goes out.
 *
 * If the channel drops, the instance reconnects with backoff and then compares the versions
 * with the ones it last saw: only the tags some other instance changed meanwhile are dropped
 * (a single instance, or peers that wrote nothing, drop nothing: decision 023). PGlite (one
 * process) has no peers: nothing to do.
 */

export const CACHE_CHANNEL = "band_site_cache";

/** The part of PublicCache this needs. */
interface PeerCache {
  invalidate(tags: readonly CacheTag[], opts?: { fromPeer?: boolean }): void;
  clear(): void;
  onLocalInvalidate(listener: (tags: readonly CacheTag[]) => void): void;
}

export interface PeerInvalidationOptions {
  /** default: this process's instance id */
  instanceId?: string;
  /** first reconnect delay, doubled on each failure up to retryMaxMs */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** how often the listening connection is checked (a half-open TCP connection says nothing) */
  pingMs?: number;
  /** first delay before a failed notice is sent again, doubled up to noticeRetryMaxMs */
  noticeRetryMinMs?: number;
  noticeRetryMaxMs?: number;
}

const KNOWN = new Set<string>(CACHE_TAGS);

/**
 * '<instance> <tag>:<version>,...' (or, from an older instance, '<instance> <tag>,<tag>') -> who
 * sent it, which tags, and the versions it names; null for anything else.
 */
export function parseNotice(payload: string | undefined): { from: string; tags: string[]; versions: Record<string, number> } | null {
  if (!payload) return null;
  const space = payload.indexOf(" ");
  if (space <= 0) return null;
  const tags: string[] = [];
  const versions: Record<string, number> = {};
  for (const item of payload.slice(space + 1).split(",").filter(Boolean)) {
    const colon = item.lastIndexOf(":");
    const version = colon > 0 ? Number(item.slice(colon + 1)) : NaN;
    if (colon > 0 && Number.isSafeInteger(version)) {
      tags.push(item.slice(0, colon));
      versions[item.slice(0, colon)] = version;
    } else tags.push(item);
  }
  return { from: payload.slice(0, space), tags, versions };
}

/**
 * Sends each batch of tags once, one send at a time: tags invalidated while a send is under way
 * or waiting to be retried join the next one. A failed send is tried again after a delay
 * (doubled each time, up to maxMs) until it succeeds or the sender is stopped; nothing is
 * dropped on the way.
 */
export class NoticeSender<T> {
  private pending = new Set<T>();
  private sending: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private delay: number;
  private stopped = false;

  constructor(
    private readonly send: (items: T[]) => Promise<void>,
    private readonly options: { minMs: number; maxMs: number; onError?: (err: Error, retryInMs: number) => void },
  ) {
    this.delay = options.minMs;
  }

  add(items: readonly T[]) {
    if (this.stopped) return;
    for (const item of items) this.pending.add(item);
    this.flush();
  }

  /** whatever waits to be sent */
  get waiting(): T[] {
    return [...this.pending];
  }

  private flush() {
    if (this.sending || this.timer || this.stopped || this.pending.size === 0) return;
    const items = [...this.pending];
    this.pending.clear();
    this.sending = this.send(items).then(
      () => {
        this.sending = null;
        this.delay = this.options.minMs;
        this.flush();
      },
      (err: Error) => {
        this.sending = null;
        // back in line, ahead of nothing: a later batch is merged into it
        for (const item of items) this.pending.add(item);
        if (this.stopped) return;
        const wait = this.delay;
        this.delay = Math.min(this.delay * 2, this.options.maxMs);
        this.options.onError?.(err, wait);
        this.timer = setTimeout(() => {
          this.timer = null;
          this.flush();
        }, wait);
        this.timer.unref();
      },
    );
  }

  /** No more sends or retries. A send under way is not waited for (a hung database must not hold up the shutdown). */
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

export async function startPeerInvalidation(app: FastifyInstance, options: PeerInvalidationOptions = {}): Promise<() => Promise<void>> {
  const cache = app.hasDecorator("publicCache") ? (app as unknown as { publicCache: PeerCache }).publicCache : undefined;
  const { database } = app;
  if (!cache || !database.connect) return async () => {};
  const connect = database.connect.bind(database);
  const me = options.instanceId ?? instanceIdOf(app);
  const retryMinMs = options.retryMinMs ?? 250;
  const retryMaxMs = options.retryMaxMs ?? 10_000;
  const pingMs = options.pingMs ?? 15_000;
  const log = app.log.child({ component: "peer-cache" });

  let client: Client | null = null;
  let stopped = false;
  let delay = retryMinMs;
  let retryTimer: NodeJS.Timeout | null = null;
  let opening: Promise<void> | null = null;

  /** the version of each tag this instance's cache has caught up with (null until first read) */
  let seen: Map<string, number> | null = null;
  const saw = (tag: string, version: number) => {
    if (seen && version > (seen.get(tag) ?? 0)) seen.set(tag, version);
  };

  const onNotification = (msg: Notification) => {
    if (msg.channel !== CACHE_CHANNEL) return;
    const notice = parseNotice(msg.payload);
    if (!notice || notice.from === me) return;
    const known = notice.tags.filter((t): t is CacheTag => KNOWN.has(t));
    // a tag this version does not know (a newer neighbour): drop everything rather than guess
    if (known.length < notice.tags.length) cache.clear();
    else cache.invalidate(known, { fromPeer: true });
    for (const [tag, version] of Object.entries(notice.versions)) saw(tag, version);
  };

  /**
   * After (re)connecting, with LISTEN already on (so nothing later is missed): the tags whose
   * version moved since this instance last saw them were written by a peer while the channel
   * was down, and only those are dropped. The first time there is nothing to compare with: the
   * cache, which holds next to nothing this early, is cleared.
   */
  const catchUp = async (c: Client) => {
    const { rows } = await c.query<{ tag: string; version: string }>("select tag, version from cache_tag_versions");
    const current = new Map(rows.map((r) => [r.tag, Number(r.version)]));
    if (!seen) {
      seen = current;
      cache.clear();
      return "first";
    }
    const changed = [...current].filter(([tag, version]) => version > (seen!.get(tag) ?? 0)).map(([tag]) => tag);
    const known = changed.filter((t): t is CacheTag => KNOWN.has(t));
    if (known.length < changed.length) cache.clear();
    else if (known.length > 0) cache.invalidate(known, { fromPeer: true });
    for (const [tag, version] of current) saw(tag, version);
    return changed.length ? `dropped ${changed.join(",")}` : "nothing missed";
  };

  const lost = (c: Client, err: Error) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    if (stopped) return;
    log.warn({ err }, "peer cache channel lost: reconnecting (what peers changed meanwhile is dropped once back)");
    scheduleReconnect();
  };

  const open = async () => {
    const c = await connect();
    try {
      c.on("notification", onNotification);
      c.on("error", (err) => lost(c, err));
      c.on("end", () => lost(c, new Error("connection ended")));
      await c.query(`LISTEN ${CACHE_CHANNEL}`);
      if (stopped) {
        await c.end().catch(() => {});
        return "stopped";
      }
      // notices sent while nobody listened are gone: what they named is found from the versions
      const caught = await catchUp(c);
      client = c;
      delay = retryMinMs;
      return caught;
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
  };

  function scheduleReconnect() {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      opening = open()
        .then((caught) => log.info({ caught }, "peer cache channel back"))
        .catch((err: Error) => {
          delay = Math.min(delay * 2, retryMaxMs);
          log.warn({ err, retryInMs: delay }, "peer cache channel: reconnect failed");
          scheduleReconnect();
        })
        .finally(() => (opening = null));
    }, delay);
    retryTimer.unref();
  }

  const ping = setInterval(() => {
    const c = client;
    if (!c) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("ping timed out")), 5000)));
    Promise.race([c.query("select 1"), timeout])
      .catch((err: Error) => lost(c, err))
      .finally(() => clearTimeout(timer));
  }, pingMs);
  ping.unref();

  // one statement: the versions move and the notice goes out together, or neither
  const notices = new NoticeSender<CacheTag>(
    async (tags) => {
      const result = await database.db.execute(sql`
        with bumped as (
          insert into cache_tag_versions (tag, version)
          select unnest(string_to_array(${tags.join(",")}, ',')), 1
          on conflict (tag) do update set version = cache_tag_versions.version + 1
          returning tag, version
        )
        select json_object_agg(tag, version) as versions,
          pg_notify(${CACHE_CHANNEL}, ${me} || ' ' || string_agg(tag || ':' || version::text, ',')) as sent
        from bumped`);
      const versions = (result as unknown as { rows: { versions: Record<string, number> }[] }).rows[0]?.versions ?? {};
      for (const [tag, version] of Object.entries(versions)) {
        // a gap: a peer wrote this tag just before, and its notice may be lost (the channel is
        // down) or still on its way; what was built since the local invalidation goes too
        if (seen && version > (seen.get(tag) ?? 0) + 1 && KNOWN.has(tag)) cache.invalidate([tag as CacheTag], { fromPeer: true });
        saw(tag, version);
      }
    },
    {
      minMs: options.noticeRetryMinMs ?? 250,
      maxMs: options.noticeRetryMaxMs ?? 10_000,
      onError: (err, retryInMs) => log.warn({ err, retryInMs }, "peer cache notice not sent: retrying"),
    },
  );
  cache.onLocalInvalidate((tags) => {
    if (stopped || tags.length === 0) return;
    notices.add(tags);
  });

  try {
    await open();
  } catch (err) {
    log.warn({ err }, "peer cache channel: first connection failed, retrying");
    scheduleReconnect();
  }

  return async () => {
    stopped = true;
    notices.stop();
    clearInterval(ping);
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    await opening;
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
