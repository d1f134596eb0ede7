import { asc, eq } from "drizzle-orm";
import type { LyricsData } from "@shared/schemas/lyrics";
import type { Db } from "../../db/client";
import { lyrics } from "../../db/schema";

/** Every lyric, drafts included, by sortOrder (the admin list). */
export function listAllLyrics(db: Db) {
  return db.select().from(lyrics).orderBy(asc(lyrics.sortOrder), asc(lyrics.id));
}

export async function createLyrics(db: Db, input: LyricsData) {
  const [row] = await db.insert(lyrics).values(input).returning();
  return row;
}

export async function updateLyrics(db: Db, id: number, input: Partial<LyricsData>) {
  const [row] = await db.update(lyrics).set({ ...input, updatedAt: new Date() }).where(eq(lyrics.id, id)).returning();
  return row ?? null;
}

export async function deleteLyrics(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(lyrics).where(eq(lyrics.id, id)).returning({ id: lyrics.id });
  return rows.length > 0;
}
