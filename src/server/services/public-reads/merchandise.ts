import { asc, desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { merchandise } from "../../db/schema";

/** Every item: featured first, then newest first. Merch has no hidden state, so all rows are public. */
export function listMerchandise(db: Db) {
  return db.select().from(merchandise).orderBy(desc(merchandise.isFeatured), desc(merchandise.createdAt), asc(merchandise.id));
}
