import type { Db } from "../client";
import type { AppConfig } from "../../config";

/**
 * Demo content for a first-time visitor, written only into an empty database.
 * Each resource adds its own seed file next to this one and is called from here.
 */
export async function seedDemoContent(_db: Db, _config: AppConfig): Promise<boolean> {
  return false;
}
