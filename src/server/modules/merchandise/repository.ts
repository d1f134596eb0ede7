import { eq } from "drizzle-orm";
import type { MerchandiseData } from "@shared/schemas/merchandise";
import type { Db } from "../../db/client";
import { merchandise } from "../../db/schema";

export async function findMerchandise(db: Db, id: number) {
  const [row] = await db.select().from(merchandise).where(eq(merchandise.id, id)).limit(1);
  return row ?? null;
}

export async function createMerchandise(db: Db, input: MerchandiseData) {
  const [row] = await db.insert(merchandise).values(input).returning();
  return row;
}

export async function updateMerchandise(db: Db, id: number, input: MerchandiseData) {
  const [row] = await db.update(merchandise).set({ ...input, updatedAt: new Date() }).where(eq(merchandise.id, id)).returning();
  return row ?? null;
}

export async function deleteMerchandise(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(merchandise).where(eq(merchandise.id, id)).returning({ id: merchandise.id });
  return rows.length > 0;
}
