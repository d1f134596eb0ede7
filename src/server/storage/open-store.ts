import type { AppConfig } from "../config";
import { LocalStore } from "./local-store";
import type { ObjectStore } from "./object-store";
import { S3Store } from "./s3-store";

/** The store the settings name: the bucket of STORAGE_URL (the AWS SDK is loaded only then), or DATA_DIR/uploads. */
export async function openObjectStore(config: Pick<AppConfig, "objectStorage" | "uploadsDir">, log?: { info(msg: string): void }): Promise<ObjectStore> {
  return config.objectStorage ? S3Store.open(config.objectStorage, log) : new LocalStore(config.uploadsDir);
}
