import { eq, sql } from "drizzle-orm";
import type { ShowData } from "@shared/schemas/shows";
import type { Db } from "../../db/client";
import { shows } from "../../db/schema";

export async function findShow(db: Db, id: number) {
  const [row] = await db.select().from(shows).where(eq(shows.id, id)).limit(1);
  return row ?? null;
}

export async function createShow(db: Db, input: ShowData) {
  const [row] = await db.insert(shows).values(input).returning();
  return row;
}

export async function updateShow(db: Db, id: number, input: ShowData) {
  // every update raises the revision: calendars that subscribed to the feed take the change (SEQUENCE)
  const [row] = await db
    .update(shows)
    .set({ ...input, revision: sql`${shows.revision} + 1`, updatedAt: new Date() })
    .where(eq(shows.id, id))
    .returning();
  return row ?? null;
}

export async function deleteShow(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(shows).where(eq(shows.id, id)).returning({ id: shows.id });
  return rows.length > 0;
}
