import type { Readable } from "node:stream";
import { keyOfSitePath, type ObjectStore } from "../../storage/object-store";

/**
 * The one place releases read a stored file (the free download): the upload named by its site
 * path (/uploads/...), from the store, disk or bucket (decision 039). Null: not an upload, or gone.
 * A bucket that does not answer throws StorageUnavailable (the error handler's 503).
 */
export async function openStoredFile(store: ObjectStore, sitePath: string): Promise<{ stream: Readable; size: number } | null> {
  const key = keyOfSitePath(sitePath.startsWith("uploads/") ? `/${sitePath}` : sitePath);
  if (!key) return null;
  const read = await store.read(key);
  return read.status === "ok" ? { stream: read.body, size: read.size } : null;
}
