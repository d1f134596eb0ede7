import { and, asc, eq, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { LyricsData } from "@shared/schemas/lyrics";
import type { Db } from "../../db/client";
import { lyrics } from "../../db/schema";

/** Every lyric, drafts included, by sortOrder (the admin list). */
export function listAllLyrics(db: Db) {
  return db.select().from(lyrics).orderBy(asc(lyrics.sortOrder), asc(lyrics.id));
}

export async function findLyrics(db: Db, id: number) {
  const [row] = await db.select().from(lyrics).where(eq(lyrics.id, id)).limit(1);
  return row ?? null;
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

/** The advisory lock the homepage-lyrics add holds for its transaction (any number no other code uses). */
const HOMEPAGE_LYRICS_LOCK = 0x6c797269; // 'lyri'

/**
 * Adds `input` unless an entry with the same title and song (case and outer spaces aside) exists;
 * answers that entry then. One transaction holding an advisory lock, so two tabs or two instances
 * asking at once add one entry: the second waits, then finds the first one's.
 */
export async function addLyricsOnce(db: Db, input: LyricsData): Promise<{ created: boolean; row: typeof lyrics.$inferSelect }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${HOMEPAGE_LYRICS_LOCK})`);
    const same = (column: PgColumn, value: string) => sql`lower(trim(${column})) = ${value.trim().toLowerCase()}`;
    const [existing] = await tx
      .select()
      .from(lyrics)
      .where(and(same(lyrics.title, input.title), same(lyrics.songName, input.songName)))
      .orderBy(asc(lyrics.id))
      .limit(1);
    if (existing) return { created: false, row: existing };
    const [row] = await tx.insert(lyrics).values(input).returning();
    return { created: true, row };
  });
}
