import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";

export async function putSetting(db: Db, key: string, value: string) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** Several settings in one statement: all of them are stored, or none. */
export async function putSettings(db: Db, values: Record<string, string>) {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (!rows.length) return;
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
}
