import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { videos } from "../../db/schema";

/** Active videos, lowest sortOrder first (the public player starts on the first). */
export function listActiveVideos(db: Db) {
  return db.select().from(videos).where(eq(videos.isActive, true)).orderBy(asc(videos.sortOrder), asc(videos.id));
}
