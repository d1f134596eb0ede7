import path from "node:path";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { mediaFiles } from "../db/schema";
import { makeImageVariants } from "./image-worker-client";
import { uploadFileOf } from "./stored-path";

interface Log {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Makes the WebP/AVIF variants of every stored photo that has none yet: the demo content's
 * images right after seeding, and photos uploaded before variants existed. Run at start-up,
 * under the start-up lock (src/server/db/startup-lock.ts), so two instances starting together
 * never do it twice; afterwards it finds nothing to do (one indexed-size query).
 * An image that cannot be read is marked with no variants, so it is not tried at every start.
 */
export async function makeMissingVariants(db: Db, uploadsDir: string, log?: Log, options: { timeoutMs?: number } = {}): Promise<number> {
  const rows = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.fileType, "image"), ne(mediaFiles.mimeType, "image/svg+xml"), isNull(mediaFiles.variants)));
  for (const row of rows) {
    let made: Partial<Pick<typeof mediaFiles.$inferInsert, "width" | "height" | "variants" | "fileSize" | "metadataStripped">> = { width: null, height: null, variants: [] };
    const file = uploadFileOf(uploadsDir, row.filePath);
    try {
      if (!file) throw new Error("not under /uploads/");
      const urlDir = path.posix.dirname(row.filePath);
      const { facts, variants, cleanedSize } = await makeImageVariants(file, { dir: path.dirname(file), urlDir, stem: path.parse(row.fileName).name }, options);
      // the worker also rewrote the original without its EXIF/GPS, if it had any (issue 21)
      made = { width: facts.width, height: facts.height, variants, metadataStripped: true, ...(cleanedSize !== undefined && { fileSize: cleanedSize }) };
    } catch (err) {
      log?.warn({ err, filePath: row.filePath }, "image variants could not be made; the original is served as it is");
      // past the time limit (a busy machine): tried again at the next start rather than marked
      if ((err as { statusCode?: number }).statusCode === 503) continue;
    }
    await db.update(mediaFiles).set(made).where(eq(mediaFiles.id, row.id));
  }
  if (rows.length) log?.info(`image variants made for ${rows.length} stored image(s)`);
  return rows.length;
}
