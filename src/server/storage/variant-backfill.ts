import path from "node:path";
import { and, eq, isNull, ne } from "drizzle-orm";
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
 * Makes the WebP/AVIF variants of every stored photo that has none yet: the demo content's
 * images right after seeding, and photos uploaded before variants existed. Run at start-up,
 * under the start-up lock (src/server/db/startup-lock.ts), so two instances starting together
 * never do it twice; afterwards it finds nothing to do (one indexed-size query).
 * The original is fetched from the store into a staging folder, the image worker makes the
 * variants there, and they go into the store beside it (with the original again when the worker
 * rewrote it without its EXIF/GPS) before the row names them.
 * An image that cannot be read, or whose file is missing, is marked with no variants, so it is
 * not tried at every start; one past the time limit, or the store not answering, is tried again
 * at the next start.
 */
export async function makeMissingVariants(db: Db, place: UploadPlace, log?: Log, options: { timeoutMs?: number } = {}): Promise<number> {
  const rows = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.fileType, "image"), ne(mediaFiles.mimeType, "image/svg+xml"), isNull(mediaFiles.variants)));
  for (const row of rows) {
    let made: Partial<Pick<typeof mediaFiles.$inferInsert, "width" | "height" | "variants" | "fileSize" | "metadataStripped">> = { width: null, height: null, variants: [] };
    const key = keyOfSitePath(row.filePath);
    try {
      if (!key) throw new Error("not under /uploads/");
      const result = await withStagingFolder(place.stagingDir, async (dir) => {
        const file = path.join(dir, path.posix.basename(key));
        if (!(await place.store.download(key, file))) return null;
        const folder = path.posix.dirname(key);
        const { facts, variants, cleanedSize } = await makeImageVariants(file, { dir, urlDir: `/uploads/${folder}`, stem: path.parse(row.fileName).name }, options);
        for (const v of variants) await place.store.putFile(`${folder}/${path.posix.basename(v.path)}`, path.join(dir, path.posix.basename(v.path)), { move: true });
        // the worker also rewrote the original without its EXIF/GPS, if it had any (issue 21)
        if (cleanedSize !== undefined) await place.store.putFile(key, file, { move: true });
        return { width: facts.width, height: facts.height, variants, metadataStripped: true, ...(cleanedSize !== undefined && { fileSize: cleanedSize }) };
      });
      // a file that is not there is marked like an unreadable one (no variants), not looked for at every start
      if (result) made = result;
      else log?.warn({ filePath: row.filePath }, "image variants not made: the file is not in the upload storage");
    } catch (err) {
      log?.warn({ err, filePath: row.filePath }, "image variants could not be made; the original is served as it is");
      // past the time limit (a busy machine) or the store down: tried again at the next start rather than marked
      if ((err as { statusCode?: number }).statusCode === 503) continue;
    }
    await db.update(mediaFiles).set(made).where(eq(mediaFiles.id, row.id));
  }
  if (rows.length) log?.info(`image variants made for ${rows.length} stored image(s)`);
  return rows.length;
}
