import fs from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client";
import { mediaFiles } from "../db/schema";
import { isVariantFile, removeFiles, TEMP_PREFIX } from "./image-variants";

/**
 * The folders under DATA_DIR/uploads the app writes media into (saveUpload's `images` and
 * `audio`, the demo content's `seed`). Nothing else under uploads is ever swept.
 */
const SWEPT_FOLDERS = ["images", "audio", "seed"];

/** An original's name as saveUpload gives it: 32 hex digits of randomness and the type's extension. */
const ORIGINAL_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,4}$/;

/**
 * Files younger than this are never swept: with several instances on one DATA_DIR, another one
 * may be writing them right now (an upload's variants exist a moment before its row). An
 * upload's image work is cut off after IMAGE_JOB_TIMEOUT_SECONDS, 10 minutes at most.
 */
export const SWEEP_MIN_AGE_MS = 15 * 60_000;

/**
 * Removes what failed uploads left behind (issue 20): a process killed mid-upload (the server,
 * or the image worker mid-encode) can leave temporary files and variants that no record names.
 * Run once at start-up, under the start-up lock. It removes, in the media folders only, files
 * older than `minAgeMs` that are
 * - temporary files (`.tmp-...`), or
 * - variants or originals by the app's own naming that no media record references.
 * Any other file (one an operator put there) is left alone. Returns the removed files' paths.
 */
export async function sweepUploads(db: Db, uploadsDir: string, options: { minAgeMs?: number } = {}): Promise<string[]> {
  const minAgeMs = options.minAgeMs ?? SWEEP_MIN_AGE_MS;
  const cutoff = Date.now() - minAgeMs;
  const old: { file: string; sitePath: string; temp: boolean }[] = [];
  for (const folder of SWEPT_FOLDERS) {
    const dir = path.join(uploadsDir, folder);
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const temp = entry.name.startsWith(TEMP_PREFIX);
      if (!temp && !isVariantFile(entry.name) && !ORIGINAL_NAME.test(entry.name)) continue;
      const file = path.join(dir, entry.name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && stat.mtimeMs < cutoff) old.push({ file, sitePath: `/uploads/${folder}/${entry.name}`, temp });
    }
  }
  if (!old.length) return [];
  // read after listing: a file recorded meanwhile is in this answer
  const rows = await db.select({ filePath: mediaFiles.filePath, variants: mediaFiles.variants }).from(mediaFiles);
  const referenced = new Set<string>();
  for (const row of rows) {
    referenced.add(row.filePath);
    for (const v of row.variants ?? []) referenced.add(v.path);
  }
  const leftovers = old.filter((f) => f.temp || !referenced.has(f.sitePath)).map((f) => f.file);
  await removeFiles(leftovers);
  return leftovers;
}
