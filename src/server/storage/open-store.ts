import type { AppConfig } from "../config";
import { LocalStore } from "./local-store";
import type { ObjectStore } from "./object-store";
import { S3Store } from "./s3-store";

/** The store the settings name: the bucket of STORAGE_URL, or DATA_DIR/uploads. */
export function openObjectStore(config: Pick<AppConfig, "objectStorage" | "uploadsDir">, log?: { info(msg: string): void }): ObjectStore {
  return config.objectStorage ? new S3Store(config.objectStorage, log) : new LocalStore(config.uploadsDir);
}
