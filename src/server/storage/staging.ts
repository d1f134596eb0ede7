import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * This instance's own folder for upload files being made (DATA_DIR/staging): an upload's original
 * and its image variants are prepared here, then handed to the store (a rename on the same disk,
 * or one PUT each to a bucket). It is never served and never shared; what a killed process left
 * here is removed by the start-up sweep (upload-sweep.ts).
 */
export async function withStagingFolder<T>(stagingDir: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = path.join(stagingDir, randomBytes(12).toString("hex"));
  await fs.mkdir(dir, { recursive: true });
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/** Staging folders older than `cutoff` (ms since the epoch): a process was killed mid-upload. */
export async function staleStagingFolders(stagingDir: string, cutoff: number): Promise<string[]> {
  const names = await fs.readdir(stagingDir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    const stat = await fs.stat(path.join(stagingDir, name)).catch(() => null);
    if (stat && stat.mtimeMs < cutoff) old.push(path.join(stagingDir, name));
  }
  return old;
}
