import { eq, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { audioTracks, bandMembers, mediaFiles, merchandise, settings, videos } from "../../db/schema";

export async function findMediaFile(db: Db, id: number) {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id)).limit(1);
  return row ?? null;
}

/**
 * What on the site still shows this upload ('a track', 'a merch item', ...), from the content
 * tables that hold an upload's path (the same list the demo content's removal checks).
 */
export async function usesOf(db: Db, filePath: string): Promise<string[]> {
  const checks: [string, Promise<unknown[]>][] = [
    ["merch item", db.select({ id: merchandise.id }).from(merchandise).where(eq(merchandise.imageUrl, filePath)).limit(1)],
    ["video", db.select({ id: videos.id }).from(videos).where(eq(videos.thumbnailUrl, filePath)).limit(1)],
    ["track", db.select({ id: audioTracks.id }).from(audioTracks).where(or(eq(audioTracks.audioUrl, filePath), eq(audioTracks.coverArtUrl, filePath))).limit(1)],
    ["band member", db.select({ id: bandMembers.id }).from(bandMembers).where(eq(bandMembers.imageUrl, filePath)).limit(1)],
    ["setting", db.select({ key: settings.key }).from(settings).where(eq(settings.value, filePath)).limit(1)],
  ];
  const found = await Promise.all(checks.map(async ([what, rows]) => ((await rows).length ? what : null)));
  return found.filter((w): w is string => w !== null);
}

/** Deletes the row; the upload's paths (original and variants) for the store, or null when there was none. */
export async function deleteMediaFile(db: Db, id: number) {
  const [gone] = await db.delete(mediaFiles).where(eq(mediaFiles.id, id)).returning({ filePath: mediaFiles.filePath, variants: mediaFiles.variants });
  return gone ? [gone.filePath, ...(gone.variants ?? []).map((v) => v.path)] : null;
}
