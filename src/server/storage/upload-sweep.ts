import fs from "node:fs/promises";
import type { Db } from "../db/client";
import { mediaFiles } from "../db/schema";
import { isVariantFile } from "./image-variants";
import { LocalStore } from "./local-store";
import { keyOfSitePath } from "./object-store";
import type { UploadPlace } from "./save";
import { staleStagingFolders } from "./staging";

/**
 * The folders of the store the app writes media into (saveUpload's `images` and `audio`, the
 * demo content's `seed`). Nothing else in the store is ever swept.
 */
const SWEPT_FOLDERS = ["images", "audio", "seed"];

/** An original's name as saveUpload gives it: 32 hex digits of randomness and the type's extension. */
const ORIGINAL_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,4}$/;

/**
 * Objects younger than this are never swept: another instance may be storing them right now (an
 * upload's objects exist a moment before its row). An upload's image work is cut off after
 * IMAGE_JOB_TIMEOUT_SECONDS, 10 minutes at most.
 */
export const SWEEP_MIN_AGE_MS = 15 * 60_000;

/**
 * Removes what failed uploads left behind (issues 20 and 26): a process killed mid-upload (the
 * server, or the image worker mid-encode) can leave objects no record names, and files in its
 * staging folder. Run once at start-up, under the start-up lock. It removes, older than `minAgeMs`:
 * - in the store's media folders, variants and originals by the app's own naming that no media
 *   record references (any other object, one an operator put there, is left alone);
 * - on a local store, temporary files (`.tmp-...`) in those folders;
 * - this instance's staging folders (DATA_DIR/staging).
 * Returns what it removed: objects by key ('images/<stem>.<hash>.640w.avif'), local files and
 * folders by absolute path.
 */
export async function sweepUploads(db: Db, place: UploadPlace, options: { minAgeMs?: number } = {}): Promise<string[]> {
  const minAgeMs = options.minAgeMs ?? SWEEP_MIN_AGE_MS;
  const cutoff = Date.now() - minAgeMs;
  const old: string[] = [];
  for (const folder of SWEPT_FOLDERS) {
    for await (const o of place.store.list(`${folder}/`)) {
      const name = o.key.slice(folder.length + 1);
      if (name.includes("/") || (!isVariantFile(name) && !ORIGINAL_NAME.test(name))) continue;
      if (o.lastModified.getTime() < cutoff) old.push(o.key);
    }
  }
  const removed: string[] = [];
  if (old.length) {
    // read after listing: a file recorded meanwhile is in this answer
    const rows = await db.select({ filePath: mediaFiles.filePath, variants: mediaFiles.variants }).from(mediaFiles);
    const referenced = new Set<string>();
    for (const row of rows) {
      for (const p of [row.filePath, ...(row.variants ?? []).map((v) => v.path)]) {
        const key = keyOfSitePath(p);
        if (key) referenced.add(key);
      }
    }
    const leftovers = old.filter((key) => !referenced.has(key));
    await place.store.remove(leftovers);
    removed.push(...leftovers);
  }
  const files = [...(place.store instanceof LocalStore ? await place.store.staleTemporaryFiles(SWEPT_FOLDERS, cutoff) : []), ...(await staleStagingFolders(place.stagingDir, cutoff))];
  await Promise.all(files.map((f) => fs.rm(f, { recursive: true, force: true }).catch(() => {})));
  removed.push(...files);
  return removed;
}
