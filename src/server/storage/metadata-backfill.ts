import path from "node:path";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { mediaFiles } from "../db/schema";
import { makeImageVariants } from "./image-worker-client";
import { keyOfSitePath } from "./object-store";
import type { UploadPlace } from "./save";
import { withStagingFolder } from "./staging";

interface Log {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Photos uploaded before issue 21 kept their EXIF (GPS position, camera, owner) in the public
 * original. Once, at start-up (under the start-up lock, after makeMissingVariants), each such
 * original is fetched from the store, read by the image worker and, when it has any, stored
 * again without it; the row is marked so it is never looked at again. Uploads since are cleaned
 * when they arrive (save.ts).
 */
export async function stripStoredMetadata(db: Db, place: UploadPlace, log?: Log, options: { timeoutMs?: number } = {}): Promise<number> {
  const rows = await db
    .select({ id: mediaFiles.id, filePath: mediaFiles.filePath, fileName: mediaFiles.fileName })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.fileType, "image"), ne(mediaFiles.mimeType, "image/svg+xml"), eq(mediaFiles.metadataStripped, false)));
  let cleaned = 0;
  for (const row of rows) {
    const key = keyOfSitePath(row.filePath);
    const done: Partial<typeof mediaFiles.$inferInsert> = { metadataStripped: true };
    try {
      if (!key) throw new Error("not under /uploads/");
      const cleanedSize = await withStagingFolder(place.stagingDir, async (dir) => {
        const file = path.join(dir, path.posix.basename(key));
        if (!(await place.store.download(key, file))) return undefined;
        const result = await makeImageVariants(file, { dir, urlDir: `/uploads/${path.posix.dirname(key)}`, stem: path.parse(row.fileName).name }, { ...options, variants: false });
        if (result.cleanedSize !== undefined) await place.store.putFile(key, file, { move: true });
        return result.cleanedSize;
      });
      if (cleanedSize !== undefined) {
        done.fileSize = cleanedSize;
        cleaned++;
      }
    } catch (err) {
      // past the time limit (a busy machine) or the store down: tried again at the next start; unreadable: nothing to clean
      if ((err as { statusCode?: number }).statusCode === 503) continue;
      log?.warn({ err, filePath: row.filePath }, "photo metadata could not be checked");
    }
    await db.update(mediaFiles).set(done).where(eq(mediaFiles.id, row.id));
  }
  if (cleaned) log?.info(`EXIF/GPS removed from ${cleaned} stored photo(s)`);
  return cleaned;
}
