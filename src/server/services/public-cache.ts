import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Ready bytes for public answers (API reads, pages, robots.txt, sitemap.xml), so a crowd is
 * served from memory instead of the database.
 *
 * Correctness rules:
 * - Every entry names the content it was built from (tags such as "shows", "settings").
 *   `invalidate(tags)` drops those entries and bumps the tags' versions. A build that started
 *   before an invalidation of one of its tags is answered but never stored, so a read that
 *   raced a write cannot put stale bytes back.
 * - Misses for the same key share one build (a crowd after a write costs one query, not 200).
 * - Bounded: at most MAX_ENTRIES keys (oldest dropped first), and nothing older than MAX_AGE_MS,
 *   a safety net should a peer's invalidation ever be lost.
 */

export type CacheTag = "shows" | "merchandise" | "videos" | "lyrics" | "band-members" | "audio-tracks" | "settings";
export const ALL_TAGS: readonly CacheTag[] = ["shows", "merchandise", "videos", "lyrics", "band-members", "audio-tracks", "settings"];

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
}

export interface BuiltAnswer {
  status?: number;
  contentType: string;
  body: string | Buffer;
  /** false for a fallback answer (e.g. a page built without its data): served once, not kept */
  store?: boolean;
}

const MAX_ENTRIES = 2000;
const MAX_AGE_MS = 5 * 60_000;
/** smaller bodies are not worth compressing */
export const COMPRESS_MIN_BYTES = 1024;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export function strongEtag(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

type InvalidateListener = (tags: readonly CacheTag[]) => void;

export class PublicCache {
  private entries = new Map<string, { answer: CachedAnswer; tags: readonly CacheTag[] }>();
  private building = new Map<string, Promise<CachedAnswer>>();
  private versions = new Map<CacheTag, number>();
  private listeners: InvalidateListener[] = [];

  constructor(private now: () => number = Date.now) {}

  /** The cached answer for `key` if there is a fresh one: the hot path, with no promise to wait for. */
  peek(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    return hit && this.now() - hit.answer.builtAt < MAX_AGE_MS ? hit.answer : undefined;
  }

  /** The cached answer for `key`, or the one `build` makes (shared by concurrent callers). */
  async get(key: string, tags: readonly CacheTag[], build: () => Promise<BuiltAnswer>): Promise<CachedAnswer> {
    const hit = this.peek(key);
    if (hit) return hit;
    const pending = this.building.get(key);
    if (pending) return pending;
    const versionsAtStart = tags.map((t) => this.versions.get(t) ?? 0);
    const promise = (async () => {
      const built = await build();
      const body = typeof built.body === "string" ? Buffer.from(built.body, "utf8") : built.body;
      const answer: CachedAnswer = { status: built.status ?? 200, contentType: built.contentType, body, etag: strongEtag(body), builtAt: this.now() };
      const unchanged = tags.every((t, i) => (this.versions.get(t) ?? 0) === versionsAtStart[i]);
      if (unchanged && built.store !== false) this.store(key, answer, tags);
      return answer;
    })();
    this.building.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.building.get(key) === promise) this.building.delete(key);
    }
  }

  private store(key: string, answer: CachedAnswer, tags: readonly CacheTag[]) {
    this.entries.delete(key);
    this.entries.set(key, { answer, tags });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  /**
   * Drops every entry built from any of `tags`. Listeners (the peer notifier) hear about local
   * invalidations only; `fromPeer` marks one that another instance announced.
   */
  invalidate(tags: readonly CacheTag[], opts: { fromPeer?: boolean } = {}) {
    if (tags.length === 0) return;
    for (const t of tags) this.versions.set(t, (this.versions.get(t) ?? 0) + 1);
    // builds in flight may hold data read before the write: they must not be shared any longer
    this.building.clear();
    for (const [key, entry] of this.entries) if (entry.tags.some((t) => tags.includes(t))) this.entries.delete(key);
    if (!opts.fromPeer) for (const listener of this.listeners) listener(tags);
  }

  /** Everything goes, e.g. after the peer channel was down and messages may have been missed. */
  clear() {
    this.invalidate(ALL_TAGS, { fromPeer: true });
  }

  onLocalInvalidate(listener: InvalidateListener) {
    this.listeners.push(listener);
  }

  get size() {
    return this.entries.size;
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
    return bytes;
  });
}

/** The compressed form if it is already made (undefined until the first request's compression has finished). */
export function compressedNow(answer: CachedAnswer, encoding: "br" | "gzip"): Buffer | undefined {
  return answer.made?.[encoding];
}
