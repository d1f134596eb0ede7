import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { audioTracks } from "../../db/schema";
import { withImages } from "../images/responsive-images";

/**
 * What the featured player may play: featured and active, newest first (shared/featured-order.ts
 * says the same for the admin). `mediaBase`: MEDIA_PUBLIC_URL, where the image variants link (decision 039).
 */
export async function listFeaturedTracks(db: Db, mediaBase = "") {
  // with the cover art's resized variants, so the player can offer a phone a small one
  const rows = await db
    .select()
    .from(audioTracks)
    .where(and(eq(audioTracks.isFeatured, true), eq(audioTracks.isActive, true)))
    .orderBy(desc(audioTracks.updatedAt), desc(audioTracks.id));
  return withImages(db, rows, (t) => t.coverArtUrl, "coverArt", mediaBase);
}

export function listAllTracks(db: Db) {
  return db.select().from(audioTracks).orderBy(desc(audioTracks.createdAt), desc(audioTracks.id));
}
