import type { Readable } from "node:stream";

/**
 * Where upload files live (issue 26, decision 039): one interface, two kinds.
 * - local (local-store.ts): DATA_DIR/uploads, as before; one disk, or one shared by the instances;
 * - s3 (s3-store.ts): an S3-compatible bucket (STORAGE_URL), so no instance needs a shared disk.
 *
 * A key is the path under /uploads/: `images/<stem>.png` is served at `/uploads/images/<stem>.png`.
 * Files are written whole or not at all (a temporary name then a rename on disk; one PUT to a
 * bucket) and never change once named, so a key's bytes are the same wherever they are read.
 * Everything that reads or writes an upload goes through here: saving (save.ts), the image
 * work's backfills, the sweep, serving (plugins/static.ts), removal, `npm run media:migrate`, backups.
 */

export interface ObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
  /** the object's own metadata (a bucket's x-amz-meta-*; none on disk) */
  metadata?: Record<string, string>;
}

/** A byte range as asked: `bytes=10-20` is { start: 10, end: 20 }, `bytes=10-` { start: 10 }, `bytes=-5` { suffix: 5 }. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export type ReadResult =
  | {
      status: "ok";
      body: Readable;
      /** the whole object's size */
      size: number;
      /** the bytes sent: the range's, or the whole object */
      range: { start: number; end: number } | null;
      etag: string;
      lastModified: Date;
    }
  | { status: "not-modified"; etag: string }
  | { status: "missing" }
  /** the range starts past the end (416) */
  | { status: "unsatisfiable"; size: number };

export interface ObjectStore {
  readonly kind: "local" | "s3";
  /** for logs and messages: the folder or `s3://bucket/prefix` (never a credential) */
  readonly where: string;
  /**
   * Stores a local file's bytes under `key`; `move` lets the store take the file itself (a rename
   * on the same disk) instead of copying it; it is gone from `file` afterwards either way then.
   */
  putFile(key: string, file: string, options?: { contentType?: string; move?: boolean; metadata?: Record<string, string> }): Promise<void>;
  /** Reads an object, or a range of it; `ifNoneMatch` (the client's ETag) answers not-modified when it still matches. */
  read(key: string, options?: { range?: ByteRange; ifNoneMatch?: string }): Promise<ReadResult>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Writes the object into a local file (whole, or nothing); false when there is no such object. */
  download(key: string, file: string): Promise<boolean>;
  /** Removes these objects; one that is not there is no error. */
  remove(keys: string[]): Promise<void>;
  /** Every object whose key starts with `prefix` ('images/'), in no particular order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  close(): void;
}

/** The store cannot be reached (a bucket outage, refused credentials): a 503, never a 500. */
export class StorageUnavailable extends Error {
  readonly statusCode = 503;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageUnavailable";
  }
}

/** What a visitor or an admin is told when the store does not answer. */
export const STORAGE_DOWN_MESSAGE = "File storage is not reachable just now. Try again in a minute.";

/** The key of a site path: `/uploads/images/x.png` -> `images/x.png`; null for anything else or a path that climbs out. */
export function keyOfSitePath(sitePath: string): string | null {
  if (!sitePath.startsWith("/uploads/")) return null;
  return safeKey(sitePath.slice("/uploads/".length));
}

/** A key as stored: relative, '/'-separated, no '.' or '..' segment, no empty segment, no backslash or NUL. */
export function safeKey(key: string): string | null {
  if (!key || key.length > 512 || /[\\\0]/.test(key)) return null;
  const parts = key.split("/");
  return parts.every((p) => p !== "" && p !== "." && p !== "..") ? key : null;
}

export const sitePathOf = (key: string) => `/uploads/${key}`;

/**
 * Keys that are the app's own and never served nor backed up as uploads: `imports/` holds a
 * subscriber CSV (fans' addresses) while its import is in progress (modules/subscribers/import-store.ts).
 */
export const PRIVATE_PREFIXES = ["imports/"] as const;
export const isPrivateKey = (key: string) => PRIVATE_PREFIXES.some((p) => key.startsWith(p));

/**
 * The Range header, when it asks for one range of bytes (what players and browsers send); null
 * for none, several ranges (the whole file is an allowed answer then) or one that makes no sense.
 */
export function parseRange(header: string | undefined): ByteRange | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") return Number(m[2]) > 0 ? { suffix: Number(m[2]) } : null;
  const start = Number(m[1]);
  if (m[2] === "") return { start };
  const end = Number(m[2]);
  return end >= start ? { start, end } : null;
}

/** The bytes a range covers in an object of `size` bytes; null when it starts past the end. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ("suffix" in range) return size === 0 ? null : { start: Math.max(0, size - range.suffix), end: size - 1 };
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** An If-None-Match header holds this ETag (or '*'); weak and strong forms compare alike. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}
