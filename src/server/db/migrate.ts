import type { Database } from "./client";
import { migrationsDir } from "../paths";

export async function migrate(database: Database): Promise<void> {
  await database.migrate(migrationsDir);
}
