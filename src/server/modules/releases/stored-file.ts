import fs from "node:fs";
import type { Readable } from "node:stream";
import { uploadFileOf } from "../../storage/stored-path";

/**
 * The one place releases read a stored file (the free download), the way the uploads are kept
 * today: a file under UPLOADS_DIR named by its site path (/uploads/...). Object storage (issue 25's
 * third part) replaces this function's body and nothing else. Null: not an upload, or gone.
 */
export async function openStoredFile(uploadsDir: string, sitePath: string): Promise<{ stream: Readable; size: number } | null> {
  const file = uploadFileOf(uploadsDir, sitePath.startsWith("uploads/") ? `/${sitePath}` : sitePath);
  if (!file) return null;
  try {
    const handle = await fs.promises.open(file, "r");
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), size };
  } catch {
    return null;
  }
}
