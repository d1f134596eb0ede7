import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { lyrics } from "../../db/schema";

/** Published lyrics by sortOrder. */
export function listPublishedLyrics(db: Db) {
  return db.select().from(lyrics).where(eq(lyrics.isPublished, true)).orderBy(asc(lyrics.sortOrder), asc(lyrics.id));
}

export async function findLyrics(db: Db, id: number) {
  const [row] = await db.select().from(lyrics).where(eq(lyrics.id, id)).limit(1);
  return row ?? null;
}
