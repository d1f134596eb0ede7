import { eq } from "drizzle-orm";
import type { AudioTrackValues } from "@shared/schemas/audio-tracks";
import type { Db } from "../../db/client";
import { audioTracks } from "../../db/schema";

type Changes = Partial<typeof audioTracks.$inferInsert>;

// numeric(6,2) column: stored as a decimal string
const toRow = (v: AudioTrackValues): Changes => ({ ...v, duration: v.duration.toFixed(2) });

export async function findTrack(db: Db, id: number) {
  const [row] = await db.select().from(audioTracks).where(eq(audioTracks.id, id)).limit(1);
  return row ?? null;
}

export async function createTrack(db: Db, values: AudioTrackValues) {
  const [row] = await db.insert(audioTracks).values(toRow(values) as typeof audioTracks.$inferInsert).returning();
  return row;
}

/**
 * Every write stamps updatedAt: the public player plays the most recently updated featured
 * and active track (docs/decisions/004-featured-audio-track.md), so starring a track puts it on air.
 */
async function updateTrack(db: Db, id: number, changes: Changes) {
  const [row] = await db
    .update(audioTracks)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(audioTracks.id, id))
    .returning();
  return row ?? null;
}

export const replaceTrack = (db: Db, id: number, values: AudioTrackValues) => updateTrack(db, id, toRow(values));
export const setTrackFeatured = (db: Db, id: number, isFeatured: boolean) => updateTrack(db, id, { isFeatured });
export const setTrackActive = (db: Db, id: number, isActive: boolean) => updateTrack(db, id, { isActive });

export async function deleteTrack(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(audioTracks).where(eq(audioTracks.id, id)).returning({ id: audioTracks.id });
  return rows.length > 0;
}
