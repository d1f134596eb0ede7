import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { todayIso } from "@shared/format";

/**
 * Ready bytes for public answers (API reads, pages, robots.txt, sitemap.xml), so a crowd is
 * served from memory instead of the database.
 *
 * Correctness rules:
 * - Every entry names the content it was built from (tags such as "shows", "settings").
 *   `invalidate(tags)` retires those entries and bumps the tags' versions. A build that started
 *   before an invalidation of one of its tags is answered but never stored, so a read that
 *   raced a write cannot put stale bytes back.
 * - Misses for the same key share one build (a crowd after a write costs one query, not 200).
 * - Bounded by bytes (body and compressed forms, `maxBytes`), not by entries: when full, the
 *   entries not read since the last sweep go first (second chance), so a flood of one-off keys
 *   pushes out itself rather than the pages people read. Nothing older than MAX_AGE_MS is
 *   answered as fresh, a safety net should a peer's invalidation ever be lost.
 * - Retired entries (invalidated or past MAX_AGE_MS) stay, within the byte bound, as the last
 *   good bytes: when a rebuild fails (the database is gone), `lookup` answers them marked stale
 *   instead of failing (decision 023).
 */

/**
 * The public content a cached answer is built from, and what an admin write may change: the one
 * list of tag names. A public read names the tags it reads (`sendPublic`), an admin write route
 * the tags it changes (`config.invalidates`, plugins/route-effects.ts); peers pass them on.
 */
export const CACHE_TAGS = ["shows", "merchandise", "videos", "lyrics", "band-members", "audio-tracks", "settings", "press", "releases"] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

export interface CachedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  etag: string;
  /** filled on first use by a client that accepts them */
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
  /** the same, once made: what the hot path sends without waiting (see compressedNow) */
  made?: { gzip?: Buffer; br?: Buffer };
  builtAt: number;
  /** not fresh from this instant (ms) on: the answer changes by itself then (a show going on sale, decision 036) */
  freshUntil?: number;
  /** set by the cache that keeps the answer: told the size of each compressed form once made */
  grew?: (bytes: number) => void;
  /** its ready heads, one per variant (encoding, https, ...): services/public-head.ts */
  heads?: (readonly string[] | undefined)[];
}

export interface BuiltAnswer {
  status?: number;
  contentType: string;
  body: string | Buffer;
  /** false for a fallback answer (e.g. a page built without its data): served once, not kept */
  store?: boolean;
  /**
   * The instant (ms) the answer changes without any write (a show goes on sale, decision 036):
   * from then on it is rebuilt, as one older than MAX_AGE_MS is
   */
  freshUntil?: number;
}

export interface CacheOptions {
  /** the most bytes the entries may hold (bodies, compressed forms, keys) */
  maxBytes?: number;
}

export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
const MAX_AGE_MS = 5 * 60_000;
/** what an entry costs besides its bytes (its objects, its heads): a rough figure */
const ENTRY_OVERHEAD = 512;
/** smaller bodies are not worth compressing */
export const COMPRESS_MIN_BYTES = 1024;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export function strongEtag(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** URLs remembered at most: a query string can make endless URLs of one answer. */
const MAX_URLS = 1000;
/** a longer URL is never remembered (with MAX_URLS, the memory stays under ~0.5 MB whatever is asked) */
const MAX_URL_LENGTH = 256;

/**
 * Today's date as the cache keys use it, worked out once a minute rather than per request (a
 * date changes only on a minute boundary, whatever the time zone).
 */
let today = { minute: -1, iso: "" };
function todayKey(): string {
  const minute = Math.floor(Date.now() / 60_000);
  if (minute !== today.minute) today = { minute, iso: todayIso() };
  return today.iso;
}

/** A public read's key with today's date: "upcoming" changes at midnight without any write. */
export const datedKey = (key: string) => `${todayKey()} ${key}`;

type InvalidateListener = (tags: readonly CacheTag[]) => void;

interface Entry {
  answer: CachedAnswer;
  tags: readonly CacheTag[];
  bytes: number;
  /** invalidated: kept only as a fallback should the rebuild fail */
  retired: boolean;
  /** read since the last eviction sweep passed it (second chance) */
  used: boolean;
}

export class PublicCache {
  private entries = new Map<string, Entry>();
  /** URL -> key (without its date) of the answer sendPublic gave a plain GET of it: what the fast lane replays */
  private urls = new Map<string, string>();
  private building = new Map<string, Promise<CachedAnswer>>();
  private versions = new Map<CacheTag, number>();
  private listeners: InvalidateListener[] = [];
  private bytes = 0;
  readonly maxBytes: number;

  constructor(
    private now: () => number = Date.now,
    options: CacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
  }

  /** The cached answer for `key` if there is a fresh one: the hot path, with no promise to wait for. */
  peek(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.retired) return undefined;
    const now = this.now();
    if (now - hit.answer.builtAt >= MAX_AGE_MS || (hit.answer.freshUntil !== undefined && now >= hit.answer.freshUntil)) return undefined;
    hit.used = true;
    return hit.answer;
  }

  /** `url` was answered from the fresh entry `key` (without its date), for the fast lane. */
  rememberUrl(url: string, key: string) {
    if (url.length > MAX_URL_LENGTH || this.urls.get(url) === key) return;
    // full (a crawler's endless query strings): start again; the busy URLs come back at their next request
    if (this.urls.size >= MAX_URLS && !this.urls.has(url)) this.urls.clear();
    this.urls.set(url, key);
  }

  /** The fresh answer for a URL answered before (rememberUrl), today's. */
  peekUrl(url: string): CachedAnswer | undefined {
    const key = this.urls.get(url);
    return key === undefined ? undefined : this.peek(datedKey(key));
  }

  /** how many URLs are remembered, and their characters */
  get urlMemory() {
    let chars = 0;
    for (const url of this.urls.keys()) chars += url.length;
    return { urls: this.urls.size, chars };
  }

  /** The cached answer for `key`, or the one `build` makes (shared by concurrent callers). */
  async get(key: string, tags: readonly CacheTag[], build: () => Promise<BuiltAnswer>): Promise<CachedAnswer> {
    return (await this.lookup(key, tags, build)).answer;
  }

  /**
   * As `get`, but when the build fails (throws, or makes only a fallback not to be kept) and
   * the last good bytes for `key` are still here (retired or expired), those, marked stale.
   */
  async lookup(key: string, tags: readonly CacheTag[], build: () => Promise<BuiltAnswer>): Promise<{ answer: CachedAnswer; stale: boolean }> {
    const hit = this.peek(key);
    if (hit) return { answer: hit, stale: false };
    let promise = this.building.get(key);
    if (!promise) {
      const versionsAtStart = tags.map((t) => this.versions.get(t) ?? 0);
      const building = (async () => {
        const built = await build();
        const body = typeof built.body === "string" ? Buffer.from(built.body, "utf8") : built.body;
        const answer: CachedAnswer = { status: built.status ?? 200, contentType: built.contentType, body, etag: strongEtag(body), builtAt: this.now(), ...(built.freshUntil !== undefined ? { freshUntil: built.freshUntil } : {}) };
        if (built.store === false) throw new FallbackOnly(answer);
        const unchanged = tags.every((t, i) => (this.versions.get(t) ?? 0) === versionsAtStart[i]);
        if (unchanged) this.store(key, answer, tags);
        return answer;
      })();
      promise = building;
      this.building.set(key, building);
      building.then(
        () => this.building.get(key) === building && this.building.delete(key),
        () => this.building.get(key) === building && this.building.delete(key),
      );
    }
    try {
      return { answer: await promise, stale: false };
    } catch (err) {
      const fresh = this.peek(key);
      if (fresh) return { answer: fresh, stale: false };
      const last = this.entries.get(key);
      if (last) return { answer: last.answer, stale: true };
      if (err instanceof FallbackOnly) return { answer: err.answer, stale: false };
      throw err;
    }
  }

  private store(key: string, answer: CachedAnswer, tags: readonly CacheTag[]) {
    this.remove(key);
    const entry: Entry = { answer, tags, bytes: ENTRY_OVERHEAD + key.length * 2 + answer.body.length, retired: false, used: false };
    if (entry.bytes > this.maxBytes) return;
    answer.grew = (bytes) => {
      if (this.entries.get(key) !== entry) return;
      entry.bytes += bytes;
      this.bytes += bytes;
      this.evict();
    };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  private remove(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.bytes;
  }

  /** Down to the byte bound: the oldest entries not read since the sweep last passed them go first. */
  private evict() {
    while (this.bytes > this.maxBytes && this.entries.size > 0) {
      const [key, entry] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(key);
      if (entry.used && !entry.retired) {
        // a second chance: to the back of the line
        entry.used = false;
        this.entries.set(key, entry);
      } else {
        this.bytes -= entry.bytes;
      }
    }
  }

  /**
   * Retires every entry built from any of `tags` (never answered as fresh again). Listeners (the
   * peer notifier) hear about local invalidations only; `fromPeer` marks one that another
   * instance announced.
   */
  invalidate(tags: readonly CacheTag[], opts: { fromPeer?: boolean } = {}) {
    if (tags.length === 0) return;
    for (const t of tags) this.versions.set(t, (this.versions.get(t) ?? 0) + 1);
    // builds in flight may hold data read before the write: they must not be shared any longer
    this.building.clear();
    for (const entry of this.entries.values()) if (entry.tags.some((t) => tags.includes(t))) entry.retired = true;
    if (!opts.fromPeer) for (const listener of this.listeners) listener(tags);
  }

  /** Everything is retired, e.g. when a peer announced a tag this version does not know. */
  clear() {
    this.invalidate(CACHE_TAGS, { fromPeer: true });
  }

  onLocalInvalidate(listener: InvalidateListener) {
    this.listeners.push(listener);
  }

  /** entries kept, retired ones included */
  get size() {
    return this.entries.size;
  }

  /** what the entries hold, by the count the byte bound uses */
  get byteSize() {
    return this.bytes;
  }
}

/** A build's fallback answer (store: false): answered when there are no last good bytes. */
class FallbackOnly extends Error {
  constructor(readonly answer: CachedAnswer) {
    super("fallback answer");
  }
}

/** The compressed form of a cached answer, made once per entry and kept with it. */
export function compressed(answer: CachedAnswer, encoding: "br" | "gzip"): Promise<Buffer> {
  if (encoding === "br") {
    answer.br ??= keep(answer, "br", brotli(answer.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length } }));
    return answer.br;
  }
  answer.gzip ??= keep(answer, "gzip", gzip(answer.body, { level: 6 }));
  return answer.gzip;
}

function keep(answer: CachedAnswer, encoding: "br" | "gzip", making: Promise<Buffer>): Promise<Buffer> {
  return making.then((bytes) => {
    (answer.made ??= {})[encoding] = bytes;
    answer.grew?.(bytes.length);
    return bytes;
  });
}

/** The compressed form if it is already made (undefined until the first request's compression has finished). */
export function compressedNow(answer: CachedAnswer, encoding: "br" | "gzip"): Buffer | undefined {
  return answer.made?.[encoding];
}
