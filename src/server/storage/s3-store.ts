import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { GetObjectCommandOutput, S3Client } from "@aws-sdk/client-s3";
import type { S3Location } from "../config";
import { contentTypeOf } from "./content-types";
import { resolveRange, StorageUnavailable, type ByteRange, type ObjectInfo, type ObjectStore, type ReadResult } from "./object-store";

interface Log {
  info(msg: string): void;
  warn?(obj: object, msg: string): void;
}

/**
 * The AWS SDK prints a NodeVersionSupportWarning on stderr once per process on Node 20 (its
 * releases after January 2027 need Node 22). It says nothing about this process's work, and
 * stderr is not the log: the SDK's own documented switch turns it off (unless the operator set
 * it), and the server's log says it once, as a structured line (decision 039).
 */
function quietVersionWarning(log?: Log) {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= 22 || process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED !== undefined) return;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  log?.info(`object storage: the AWS SDK's releases after January 2027 need Node 22 (this is Node ${process.versions.node}); this one works`);
}

/** What an SDK error says about the object or the bucket. */
function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
const isMissing = (err: unknown) => statusOf(err) === 404 || ["NoSuchKey", "NotFound"].includes((err as Error).name);

/**
 * Anything but an answer about the object itself: the bucket does not answer (refused, timed
 * out), answers 5xx, refuses the credentials (403) or is not there (NoSuchBucket). All are the
 * operator's to fix and a 503 for the visitor, never a 500.
 */
function unavailable(err: unknown, what: string): StorageUnavailable {
  const status = statusOf(err);
  const detail = status ? `HTTP ${status} ${(err as Error).name}` : ((err as NodeJS.ErrnoException).code ?? (err as Error).name);
  return new StorageUnavailable(`object storage ${what} failed (${detail})`, { cause: err });
}

/** The SDK, loaded only when a bucket is used: it adds about 24 MB to a process's memory. */
type Sdk = typeof import("@aws-sdk/client-s3");

/**
 * An S3-compatible bucket (STORAGE_URL), through the AWS SDK v3 (`S3Store.open`). Checksums only where the API
 * requires one (`requestChecksumCalculation: "WHEN_REQUIRED"`): with the SDK's default, a
 * streamed PUT is sent aws-chunked with a trailing checksum, which several S3-compatible servers
 * (s3rver among them, seen in the tests) store verbatim, framing and all.
 */
export class S3Store implements ObjectStore {
  readonly kind = "s3";
  readonly where: string;
  readonly client: S3Client;
  private readonly sdk: Sdk;
  private readonly bucket: string;
  private readonly prefix: string;

  /** Loads the SDK (the first time) and makes the client. */
  static async open(location: S3Location, log?: Log): Promise<S3Store> {
    quietVersionWarning(log);
    return new S3Store(location, await import("@aws-sdk/client-s3"), log);
  }

  private constructor(location: S3Location, sdk: Sdk, log?: Log) {
    this.sdk = sdk;
    this.bucket = location.bucket;
    this.prefix = location.prefix;
    this.where = `s3://${location.bucket}/${location.prefix}`;
    this.client = new sdk.S3Client({
      region: location.region,
      ...(location.endpoint && { endpoint: location.endpoint }),
      forcePathStyle: location.forcePathStyle,
      ...(location.credentials && { credentials: location.credentials }),
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // an outage answers a visitor within seconds rather than holding the request
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
      // the SDK's own remarks go to the server's log, not to the console (without a logger it
      // prints 'An error was encountered in a non-retryable streaming request.' on stderr); the
      // failure itself is reported by the caller (StorageUnavailable)
      logger: { trace() {}, debug() {}, info() {}, warn: (...args: unknown[]) => log?.warn?.({ sdk: args.map(String).join(" ") }, "object storage client"), error() {} },
    });
  }

  private k(key: string) {
    return this.prefix + key;
  }

  async putFile(key: string, file: string, options: { contentType?: string; move?: boolean; metadata?: Record<string, string> } = {}) {
    const { size } = await fs.promises.stat(file);
    try {
      await this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: this.k(key),
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: options.contentType ?? contentTypeOf(key),
          ...(options.metadata && { Metadata: options.metadata }),
        }),
      );
    } catch (err) {
      throw unavailable(err, `upload of ${key}`);
    }
    if (options.move) await fs.promises.rm(file, { force: true });
  }

  async read(key: string, options: { range?: ByteRange; ifNoneMatch?: string } = {}): Promise<ReadResult> {
    let range = options.range;
    if (range && "suffix" in range) {
      // 'the last N bytes' is turned into numbers first: not every S3-compatible server reads it right (s3rver serves the first N)
      const info = await this.head(key);
      if (!info) return { status: "missing" };
      const bytes = resolveRange(range, info.size);
      if (!bytes) return { status: "unsatisfiable", size: info.size };
      range = bytes;
    }
    let res: GetObjectCommandOutput;
    try {
      res = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: this.k(key),
          ...(range && { Range: `bytes=${range.start}-${"end" in range && range.end !== undefined ? range.end : ""}` }),
          ...(options.ifNoneMatch && { IfNoneMatch: options.ifNoneMatch }),
        }),
      );
    } catch (err) {
      if (isMissing(err)) return { status: "missing" };
      if (statusOf(err) === 304) return { status: "not-modified", etag: options.ifNoneMatch ?? "" };
      if (statusOf(err) === 416) {
        const info = await this.head(key);
        return info ? { status: "unsatisfiable", size: info.size } : { status: "missing" };
      }
      throw unavailable(err, `read of ${key}`);
    }
    const body = res.Body as Readable;
    const length = res.ContentLength ?? 0;
    // 'bytes 10-20/47'
    const m = res.ContentRange ? /bytes (\d+)-(\d+)\/(\d+)/.exec(res.ContentRange) : null;
    const size = m ? Number(m[3]) : length;
    return {
      status: "ok",
      body,
      size,
      range: m ? { start: Number(m[1]), end: Number(m[2]) } : null,
      etag: res.ETag ?? `"${size.toString(16)}"`,
      lastModified: res.LastModified ?? new Date(0),
    };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const res = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.k(key) }));
      return { key, size: res.ContentLength ?? 0, lastModified: res.LastModified ?? new Date(0), metadata: res.Metadata ?? {} };
    } catch (err) {
      if (isMissing(err)) return null;
      throw unavailable(err, `look-up of ${key}`);
    }
  }

  async download(key: string, file: string): Promise<boolean> {
    const got = await this.read(key);
    if (got.status !== "ok") return false;
    const temp = `${file}.${randomBytes(6).toString("hex")}.part`;
    try {
      await pipeline(got.body, fs.createWriteStream(temp, { flags: "wx" }));
      await fs.promises.rename(temp, file);
      return true;
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw unavailable(err, `download of ${key}`);
    }
  }

  async remove(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      try {
        const res = await this.client.send(new this.sdk.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((key) => ({ Key: this.k(key) })), Quiet: true } }));
        const failed = (res.Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
        if (failed.length) throw new Error(`${failed.length} object(s) not removed: ${failed[0].Code} ${failed[0].Message ?? ""}`);
      } catch (err) {
        throw unavailable(err, `removal of ${batch.length} object(s)`);
      }
    }
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    let token: string | undefined;
    do {
      let res;
      try {
        res = await this.client.send(new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.k(prefix), ContinuationToken: token }));
      } catch (err) {
        throw unavailable(err, "listing");
      }
      for (const o of res.Contents ?? []) {
        if (o.Key) yield { key: o.Key.slice(this.prefix.length), size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  close() {
    this.client.destroy();
  }
}
