import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ImportState } from "@shared/schemas/subscriber-import";
import type { Db } from "../../db/client";
import { importClaims } from "../../db/schema";
import type { ObjectStore } from "../../storage/object-store";
import { IMPORT_TTL_MS, importPaths, importsDir, readMeta, removeExpiredImports, removeImport, type ImportMeta } from "./import-files";
import {
  claimGeneration,
  IMPORT_HEARTBEAT_MS,
  IMPORT_STALE_MS,
  ImportTakenOver,
  importState,
  markStopped,
  progressWriter,
  readProgress,
  startedImports,
  writeProgress,
  type ImportProgress,
} from "./import-progress";

/**
 * Where a subscriber CSV import waits and keeps its state between its steps (issue 20's upload,
 * run, resume and discard), whatever instance each request reaches:
 * - on disk (STORAGE_URL unset): DATA_DIR/imports, shared by the instances, as before
 *   (import-files.ts, import-progress.ts: an atomic rename and exclusive creates as claims, the
 *   progress file's mtime as the heartbeat);
 * - in the bucket (STORAGE_URL set, decision 039): `imports/<id>.csv`, `<id>.json` and
 *   `<id>.progress.json` are objects, so each instance keeps its own DATA_DIR. A bucket has no
 *   rename nor exclusive create, so the claims are rows of `import_claims` (an insert on its
 *   primary key, which exactly one instance wins), and the heartbeat is a time in the progress
 *   object, rewritten every few seconds. An instance runs from its own copy of the file
 *   (DATA_DIR/imports/<id>.running), fetched from the bucket when it is not the one that took the upload.
 */
export interface ImportFiles {
  /** after the upload was stored and checked in DATA_DIR/imports: kept where every instance finds it */
  keep(id: string): Promise<void>;
  readMeta(id: string): Promise<ImportMeta | null>;
  /** the first run's claim: false when another click or instance took it (or it ran already) */
  claimFirstRun(id: string): Promise<boolean>;
  claimGeneration(id: string, generation: number): Promise<boolean>;
  readProgress(id: string): Promise<ImportProgress | null>;
  writeProgress(id: string, progress: ImportProgress): Promise<void>;
  progressWriter(id: string, progress: ImportProgress): { save(processed: number, report: ImportProgress["report"]): Promise<void>; stop(): void };
  markStopped(id: string): Promise<void>;
  startedImports(): Promise<string[]>;
  importState(id: string, me: string, active: ReadonlySet<string>): Promise<ImportState | null>;
  /** the file to run from, on this instance's disk */
  runningFile(id: string): Promise<string>;
  removeImport(id: string): Promise<void>;
  /** unused uploads older than an hour go (not the started ones) */
  removeExpired(): Promise<void>;
}

/** DATA_DIR/imports, shared by every instance (STORAGE_URL unset). */
function onDisk(dataDir: string): ImportFiles {
  return {
    keep: async () => {},
    readMeta: (id) => readMeta(dataDir, id),
    async claimFirstRun(id) {
      // one import per upload: the rename is atomic, so a second click (or instance) finds no file
      const paths = importPaths(dataDir, id);
      try {
        await fs.promises.rename(paths.csv, paths.running);
        return true;
      } catch {
        return false;
      }
    },
    claimGeneration: (id, generation) => claimGeneration(dataDir, id, generation),
    readProgress: (id) => readProgress(dataDir, id),
    writeProgress: (id, progress) => writeProgress(dataDir, id, progress),
    progressWriter: (id, progress) => progressWriter(dataDir, id, progress),
    markStopped: (id) => markStopped(dataDir, id),
    startedImports: () => startedImports(dataDir),
    importState: (id, me, active) => importState(dataDir, id, me, active),
    runningFile: async (id) => importPaths(dataDir, id).running,
    removeImport: (id) => removeImport(dataDir, id),
    removeExpired: () => removeExpiredImports(dataDir),
  };
}

/** The progress object in the bucket: the progress and the runner's last heartbeat. */
type StoredProgress = ImportProgress & { beatAt: number };

async function readJson<T>(store: ObjectStore, key: string): Promise<T | null> {
  const got = await store.read(key);
  if (got.status !== "ok") return null;
  const chunks: Buffer[] = [];
  for await (const chunk of got.body) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as T;
  } catch {
    return null;
  }
}

/** The bucket of STORAGE_URL, with the claims in PostgreSQL (`import_claims`). */
function inBucket(store: ObjectStore, db: Db, dataDir: string, stagingDir: string): ImportFiles {
  const key = (id: string, suffix: string) => `imports/${id}${suffix}`;
  const putJson = async (k: string, value: unknown) => {
    await fs.promises.mkdir(stagingDir, { recursive: true });
    const temp = path.join(stagingDir, `${path.posix.basename(k)}.${process.pid}.${Math.random().toString(16).slice(2)}`);
    await fs.promises.writeFile(temp, JSON.stringify(value));
    await store.putFile(k, temp, { move: true, contentType: "application/json" });
  };
  const claim = async (id: string, generation: number) =>
    (await db.insert(importClaims).values({ importId: id, generation }).onConflictDoNothing().returning({ g: importClaims.generation })).length === 1;
  const files: ImportFiles = {
    async keep(id) {
      const paths = importPaths(dataDir, id);
      await store.putFile(key(id, ".csv"), paths.csv, { contentType: "text/csv; charset=utf-8" });
      await store.putFile(key(id, ".json"), paths.meta, { contentType: "application/json" });
      // the bucket's copy is the one: the instance that runs it fetches it (runningFile)
      await removeImport(dataDir, id);
    },
    readMeta: (id) => readJson<ImportMeta>(store, key(id, ".json")),
    async claimFirstRun(id) {
      return (await store.head(key(id, ".csv"))) !== null && (await claim(id, 1));
    },
    claimGeneration: claim,
    async readProgress(id) {
      const stored = await readJson<StoredProgress>(store, key(id, ".progress.json"));
      if (!stored) return null;
      const { beatAt: _beat, ...progress } = stored;
      return progress;
    },
    writeProgress: (id, progress) => putJson(key(id, ".progress.json"), { ...progress, beatAt: Date.now() }),
    progressWriter(id, start) {
      let current = start;
      // the heartbeat: the progress rewritten with the time, every few seconds
      const timer = setInterval(() => void putJson(key(id, ".progress.json"), { ...current, beatAt: Date.now() }).catch(() => {}), IMPORT_HEARTBEAT_MS);
      timer.unref();
      return {
        async save(processed, report) {
          const there = await files.readProgress(id);
          if (!there || there.owner !== current.owner || there.generation !== current.generation) throw new ImportTakenOver("import taken over by another run");
          current = { ...current, processed, report: { ...report, rejectedRows: [...report.rejectedRows] } };
          await files.writeProgress(id, current);
        },
        stop() {
          clearInterval(timer);
        },
      };
    },
    async markStopped(id) {
      const progress = await files.readProgress(id);
      if (progress) await putJson(key(id, ".progress.json"), { ...progress, beatAt: 0 }).catch(() => {});
    },
    async startedImports() {
      const ids: string[] = [];
      for await (const o of store.list("imports/")) if (o.key.endsWith(".progress.json")) ids.push(o.key.slice("imports/".length, -".progress.json".length));
      return ids;
    },
    async importState(id, me, active) {
      const stored = await readJson<StoredProgress>(store, key(id, ".progress.json"));
      if (!stored) return null;
      const running = stored.owner === me ? active.has(id) : Date.now() - stored.beatAt < IMPORT_STALE_MS;
      return {
        importId: id,
        fileName: stored.fileName,
        state: running ? "running" : "interrupted",
        processedRows: stored.processed,
        totalRows: stored.totalRows,
        startedAt: new Date(stored.startedAt).toISOString(),
        added: stored.report.added,
        updated: stored.report.updated,
        duplicates: stored.report.duplicates,
        rejected: stored.report.rejected,
      };
    },
    async runningFile(id) {
      const file = importPaths(dataDir, id).running;
      await fs.promises.mkdir(importsDir(dataDir), { recursive: true });
      if (!fs.existsSync(file) && !(await store.download(key(id, ".csv"), file))) throw new Error(`import ${id}: its file is not in the bucket`);
      return file;
    },
    async removeImport(id) {
      const keys: string[] = [];
      for await (const o of store.list(`imports/${id}.`)) keys.push(o.key);
      await store.remove(keys);
      await removeImport(dataDir, id);
      await db.delete(importClaims).where(eq(importClaims.importId, id));
    },
    async removeExpired() {
      await removeExpiredImports(dataDir);
      const objects: { key: string; at: number }[] = [];
      for await (const o of store.list("imports/")) objects.push({ key: o.key, at: o.lastModified.getTime() });
      const idOf = (k: string) => k.slice("imports/".length).split(".")[0];
      const started = new Set(objects.filter((o) => o.key.endsWith(".progress.json")).map((o) => idOf(o.key)));
      const old = objects.filter((o) => !started.has(idOf(o.key)) && Date.now() - o.at > IMPORT_TTL_MS);
      await store.remove(old.map((o) => o.key));
      for (const id of new Set(old.map((o) => idOf(o.key)))) await db.delete(importClaims).where(eq(importClaims.importId, id));
    },
  };
  return files;
}

/** The app's import files: in the bucket when STORAGE_URL is set, else in DATA_DIR/imports. */
export function importFilesOf(app: FastifyInstance): ImportFiles {
  return app.storage.kind === "s3" ? inBucket(app.storage, app.db, app.config.dataDir, app.config.stagingDir) : onDisk(app.config.dataDir);
}
