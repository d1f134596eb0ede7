import path from "node:path";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { mediaFiles } from "../db/schema";
import { makeImageVariants } from "./image-worker-client";
import { uploadFileOf } from "./stored-path";

interface Log {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Photos uploaded before issue 21 kept their EXIF (GPS position, camera, owner) in the public
 * original. Once, at start-up (under the start-up lock, after makeMissingVariants), each such
 * original is read by the image worker and rewritten without it when it has any; the row is
 * marked so it is never looked at again. Uploads since are cleaned when they arrive (save.ts).
 */
export async function stripStoredMetadata(db: Db, uploadsDir: string, log?: Log, options: { timeoutMs?: number } = {}): Promise<number> {
  const rows = await db
    .select({ id: mediaFiles.id, filePath: mediaFiles.filePath, fileName: mediaFiles.fileName })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.fileType, "image"), ne(mediaFiles.mimeType, "image/svg+xml"), eq(mediaFiles.metadataStripped, false)));
  let cleaned = 0;
  for (const row of rows) {
    const file = uploadFileOf(uploadsDir, row.filePath);
    const done: Partial<typeof mediaFiles.$inferInsert> = { metadataStripped: true };
    try {
      if (!file) throw new Error("not under /uploads/");
      const { cleanedSize } = await makeImageVariants(file, { dir: path.dirname(file), urlDir: path.posix.dirname(row.filePath), stem: path.parse(row.fileName).name }, { ...options, variants: false });
      if (cleanedSize !== undefined) {
        done.fileSize = cleanedSize;
        cleaned++;
      }
    } catch (err) {
      // past the time limit (a busy machine): tried again at the next start; unreadable: nothing to clean
      if ((err as { statusCode?: number }).statusCode === 503) continue;
      log?.warn({ err, filePath: row.filePath }, "photo metadata could not be checked");
    }
    await db.update(mediaFiles).set(done).where(eq(mediaFiles.id, row.id));
  }
  if (cleaned) log?.info(`EXIF/GPS removed from ${cleaned} stored photo(s)`);
  return cleaned;
}
