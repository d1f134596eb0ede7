import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

/**
 * Where an uploaded CSV waits between the upload (preview) and the import: DATA_DIR/imports,
 * `<id>.csv` with `<id>.json` beside it. Only admins reach the routes that name an id, the id is
 * 128 random bits, and a file is deleted by its import or, unused, an hour later.
 */
export const IMPORT_TTL_MS = 60 * 60 * 1000;

export interface ImportMeta {
  fileName: string;
  delimiter: string;
  columnCount: number;
  createdAt: number;
  /** rows below the header */
  rowCount?: number;
}

export const importsDir = (dataDir: string) => path.join(dataDir, "imports");
export const newImportId = () => randomBytes(16).toString("base64url");

export function importPaths(dataDir: string, id: string) {
  const dir = importsDir(dataDir);
  return { csv: path.join(dir, `${id}.csv`), meta: path.join(dir, `${id}.json`), running: path.join(dir, `${id}.running`) };
}

export async function writeMeta(dataDir: string, id: string, meta: ImportMeta) {
  await fs.promises.writeFile(importPaths(dataDir, id).meta, JSON.stringify(meta));
}

export async function readMeta(dataDir: string, id: string): Promise<ImportMeta | null> {
  try {
    return JSON.parse(await fs.promises.readFile(importPaths(dataDir, id).meta, "utf8")) as ImportMeta;
  } catch {
    return null;
  }
}

/** Everything of one import: the file, its meta, its progress and claims. */
export async function removeImport(dataDir: string, id: string) {
  const dir = importsDir(dataDir);
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith(`${id}.`)).map((n) => fs.promises.rm(path.join(dir, n), { force: true })));
}

/**
 * Deletes what uploads left behind more than an hour ago (run at each upload). An import that was
 * started (it has a progress file) stays until it finishes or the admin discards it: the import
 * page lists it (interrupted, with Resume and Discard).
 */
export async function removeExpiredImports(dataDir: string, now = Date.now()) {
  const dir = importsDir(dataDir);
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const started = new Set(names.filter((n) => n.endsWith(".progress.json")).map((n) => n.split(".")[0]));
  await Promise.all(
    names.map(async (name) => {
      if (started.has(name.split(".")[0])) return;
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > IMPORT_TTL_MS) await fs.promises.rm(file, { force: true });
    }),
  );
}
