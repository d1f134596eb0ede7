import fs from "node:fs";
import path from "node:path";
import type { ImportMapping, ImportReport, ImportState } from "@shared/schemas/subscriber-import";
import { importPaths, importsDir } from "./import-files";

/**
 * An import under way leaves its state beside its file (issue 20): `<id>.progress.json` says who
 * runs it (instance id and a generation), how many rows of the file are done and the report so
 * far, written after each batch; its modification time is the runner's heartbeat, renewed every
 * few seconds while it runs. So after a crash, a kill or a failed batch the next look finds the
 * import interrupted with its progress, and it can be resumed (the rows done are skipped) or
 * discarded (the file goes). The files sit in DATA_DIR, shared by every instance: taking over a
 * run is an exclusive create of `<id>.claim-<generation>`, which exactly one instance wins.
 */

/** How often a running import renews its heartbeat, and when a silent one counts as dead. */
export const IMPORT_HEARTBEAT_MS = 5_000;
export const IMPORT_STALE_MS = 30_000;

export interface ImportProgress {
  owner: string;
  generation: number;
  fileName: string;
  /** rows below the header in the file (null for an upload from before this was recorded) */
  totalRows: number | null;
  /** rows below the header read and written */
  processed: number;
  report: ImportReport;
  mapping: ImportMapping & { email: number };
  alreadyOptedIn: boolean;
  admin: string;
  startedAt: number;
}

export const progressPath = (dataDir: string, id: string) => path.join(importsDir(dataDir), `${id}.progress.json`);

export async function readProgress(dataDir: string, id: string): Promise<ImportProgress | null> {
  try {
    return JSON.parse(await fs.promises.readFile(progressPath(dataDir, id), "utf8")) as ImportProgress;
  } catch {
    return null;
  }
}

/** Written whole to a temporary file, then renamed over the old one: a reader never sees half of it. */
export async function writeProgress(dataDir: string, id: string, progress: ImportProgress) {
  const file = progressPath(dataDir, id);
  const tmp = `${file}.${progress.owner}-${progress.generation}.tmp`;
  await fs.promises.writeFile(tmp, JSON.stringify(progress));
  await fs.promises.rename(tmp, file);
}

/** Marks a run that stopped in this process (an error) as interrupted for every instance at once. */
export async function markStopped(dataDir: string, id: string) {
  await fs.promises.utimes(progressPath(dataDir, id), 0, 0).catch(() => {});
}

/** The ids with a progress file: imports started and not finished or discarded. */
export async function startedImports(dataDir: string): Promise<string[]> {
  const names = await fs.promises.readdir(importsDir(dataDir)).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith(".progress.json")).map((n) => n.slice(0, -".progress.json".length));
}

/**
 * Running or interrupted: running while this process runs it, or another instance renewed its
 * heartbeat lately; interrupted when its runner is gone (this process without it in `active`, or a
 * heartbeat older than IMPORT_STALE_MS).
 */
export async function importState(dataDir: string, id: string, me: string, active: ReadonlySet<string>, now = Date.now()): Promise<ImportState | null> {
  const stat = await fs.promises.stat(progressPath(dataDir, id)).catch(() => null);
  const progress = await readProgress(dataDir, id);
  if (!stat || !progress) return null;
  const running = progress.owner === me ? active.has(id) : now - stat.mtimeMs < IMPORT_STALE_MS;
  return {
    importId: id,
    fileName: progress.fileName,
    state: running ? "running" : "interrupted",
    processedRows: progress.processed,
    totalRows: progress.totalRows,
    startedAt: new Date(progress.startedAt).toISOString(),
    added: progress.report.added,
    updated: progress.report.updated,
    duplicates: progress.report.duplicates,
    rejected: progress.report.rejected,
  };
}

/** Takes the next generation of a run; false when another instance (or click) took it first. */
export async function claimGeneration(dataDir: string, id: string, generation: number): Promise<boolean> {
  try {
    const handle = await fs.promises.open(path.join(importsDir(dataDir), `${id}.claim-${generation}`), "wx");
    await handle.close();
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
}

/** Thrown into a run whose import another instance took over (it had gone silent too long). */
export class ImportTakenOver extends Error {}

/**
 * The runner's side: saves the progress after each batch (first checking the import is still its
 * own) and renews the heartbeat meanwhile. `stop()` ends the heartbeat.
 */
export function progressWriter(dataDir: string, id: string, start: ImportProgress, heartbeatMs = IMPORT_HEARTBEAT_MS) {
  let current = start;
  const file = progressPath(dataDir, id);
  const timer = setInterval(() => {
    const now = new Date();
    fs.promises.utimes(file, now, now).catch(() => {});
  }, heartbeatMs);
  timer.unref();
  return {
    async save(processed: number, report: ImportReport) {
      const onDisk = await readProgress(dataDir, id);
      if (!onDisk || onDisk.owner !== current.owner || onDisk.generation !== current.generation) throw new ImportTakenOver("import taken over by another run");
      current = { ...current, processed, report: { ...report, rejectedRows: [...report.rejectedRows] } };
      await writeProgress(dataDir, id, current);
    },
    stop() {
      clearInterval(timer);
    },
  };
}

/** The running file of a started import. */
export const runningFile = (dataDir: string, id: string) => importPaths(dataDir, id).running;
