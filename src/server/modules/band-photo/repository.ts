import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mediaFiles, settings } from "../../db/schema";
import { BAND_PHOTO_KEYS } from "../../services/public-reads/band-photo";

/** True when `filePath` is an uploaded photo (an image with a known size: not an SVG). */
export async function isUploadedPhoto(db: Db, filePath: string): Promise<boolean> {
  const [row] = await db
    .select({ width: mediaFiles.width })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.filePath, filePath), eq(mediaFiles.fileType, "image"), ne(mediaFiles.mimeType, "image/svg+xml")))
    .limit(1);
  return Boolean(row?.width);
}

export async function saveBandPhoto(db: Db, imageUrl: string, altText: string) {
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const [key, value] of [
      [BAND_PHOTO_KEYS.url, imageUrl],
      [BAND_PHOTO_KEYS.alt, altText],
    ]) {
      await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    }
  });
}

/** The name the file had on the band's computer ('harkers-island.jpg'), for the activity log. */
export async function uploadedFileName(db: Db, filePath: string): Promise<string | null> {
  const [row] = await db.select({ name: mediaFiles.originalName }).from(mediaFiles).where(eq(mediaFiles.filePath, filePath)).limit(1);
  return row?.name ?? null;
}

/** Forgets the photo (the upload itself stays in the media library). True when there was one. */
export async function removeBandPhoto(db: Db): Promise<boolean> {
  const gone = await db.delete(settings).where(inArray(settings.key, [BAND_PHOTO_KEYS.url, BAND_PHOTO_KEYS.alt])).returning({ key: settings.key });
  return gone.some((r) => r.key === BAND_PHOTO_KEYS.url);
}
