import type { Db } from "../../db/client";
import { settings } from "../../db/schema";

export async function putSetting(db: Db, key: string, value: string) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
