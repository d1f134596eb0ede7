import { asc, eq } from "drizzle-orm";
import type { VideoData } from "@shared/schemas/videos";
import type { Db } from "../../db/client";
import { videos } from "../../db/schema";

/** Every video, active or not, by sortOrder (the admin list). */
export function listAllVideos(db: Db) {
  return db.select().from(videos).orderBy(asc(videos.sortOrder), asc(videos.id));
}

export async function findVideo(db: Db, id: number) {
  const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
  return row ?? null;
}

export async function createVideo(db: Db, input: VideoData) {
  const [row] = await db.insert(videos).values(input).returning();
  return row;
}

export async function updateVideo(db: Db, id: number, input: Partial<VideoData>) {
  const [row] = await db.update(videos).set({ ...input, updatedAt: new Date() }).where(eq(videos.id, id)).returning();
  return row ?? null;
}

export async function deleteVideo(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
  return rows.length > 0;
}
