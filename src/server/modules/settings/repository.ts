import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";

export async function getSetting(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value ?? null;
}

export async function getSettings(db: Db, keys: readonly string[]): Promise<Record<string, string>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, [...keys]));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function putSetting(db: Db, key: string, value: string) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
