import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Readable } from "node:stream";
import type { LocalStore } from "./local-store";
import type { ObjectStore } from "./object-store";

/** The object metadata that records the bytes' SHA-256 (x-amz-meta-sha256 in a bucket). */
const SHA_KEY = "sha256";

export interface MigrateProgress {
  key: string;
  size: number;
  /** copied now, or there already with the same checksum (a second run, or a resumed one) */
  outcome: "copied" | "already there";
  done: number;
  total: number;
}

export interface MigrateResult {
  files: number;
  copied: number;
  skipped: number;
  bytesCopied: number;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** The object's bytes' SHA-256, read back from the store; null when it is not there. */
async function storedSha(store: ObjectStore, key: string): Promise<string | null> {
  const got = await store.read(key);
  return got.status === "ok" ? sha256Of(got.body) : null;
}

/**
 * `npm run media:migrate` (issue 26): copies every upload file under DATA_DIR/uploads into the
 * bucket under the same key, so /uploads/... links keep working once STORAGE_URL is set.
 * - idempotent and resumable: a file whose object is there with the same SHA-256 (recorded in the
 *   object's metadata at copy time) is skipped, so a run stopped half-way picks up where it was;
 *   an object there with other bytes is copied over;
 * - verified: after each copy the object is read back from the bucket and its SHA-256 compared
 *   with the file's; a difference stops the run with the key named (nothing is deleted);
 * - the local files stay where they are (remove them once the site runs on the bucket).
 */
export async function migrateMedia(source: LocalStore, target: ObjectStore, options: { onProgress?: (p: MigrateProgress) => void; concurrency?: number } = {}): Promise<MigrateResult> {
  const keys: { key: string; size: number }[] = [];
  for await (const o of source.list("")) keys.push({ key: o.key, size: o.size });
  keys.sort((a, b) => a.key.localeCompare(b.key));
  const result: MigrateResult = { files: keys.length, copied: 0, skipped: 0, bytesCopied: 0 };
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < keys.length) {
      const { key, size } = keys[next++];
      const file = source.fileOf(key);
      const sha = await sha256Of(fs.createReadStream(file));
      const there = await target.head(key);
      let outcome: MigrateProgress["outcome"] = "already there";
      if (!there || there.size !== size || there.metadata?.[SHA_KEY] !== sha) {
        await target.putFile(key, file, { metadata: { [SHA_KEY]: sha } });
        const back = await storedSha(target, key);
        if (back !== sha) throw new Error(`${key}: the bucket holds other bytes than the file (SHA-256 ${back ?? "missing"}, expected ${sha}); nothing was deleted, run it again`);
        outcome = "copied";
        result.copied++;
        result.bytesCopied += size;
      } else {
        result.skipped++;
      }
      options.onProgress?.({ key, size, outcome, done: ++done, total: keys.length });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return result;
}
