import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { videos } from "../../db/schema";
import { withImages } from "../images/responsive-images";

/**
 * Active videos, lowest sortOrder first (the public player starts on the first). `mediaBase`:
 * MEDIA_PUBLIC_URL, where the image variants link (decision 039).
 */
export async function listActiveVideos(db: Db, mediaBase = "") {
  const rows = await db.select().from(videos).where(eq(videos.isActive, true)).orderBy(asc(videos.sortOrder), asc(videos.id));
  // with each uploaded thumbnail's resized variants, so a phone gets a small one
  return withImages(db, rows, (v) => v.thumbnailUrl, "thumbnail", mediaBase);
}
