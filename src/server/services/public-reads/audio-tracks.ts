import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { audioTracks } from "../../db/schema";

/** What the featured player may play: featured and active, newest first. */
export function listFeaturedTracks(db: Db) {
  return db
    .select()
    .from(audioTracks)
    .where(and(eq(audioTracks.isFeatured, true), eq(audioTracks.isActive, true)))
    .orderBy(desc(audioTracks.updatedAt), desc(audioTracks.id));
}

export function listAllTracks(db: Db) {
  return db.select().from(audioTracks).orderBy(desc(audioTracks.createdAt), desc(audioTracks.id));
}
