import fs from "node:fs";
import path from "node:path";
import { Cron } from "croner";
import { desc, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { backupRuns } from "../db/schema";
import { instanceIdOf } from "../lib/instance";
import { raiseEvent } from "../services/webhook-events";
import { createBackup, type BackupResult } from "./create";

const FILE_PATTERN = /^band-site-backup-\d{8}-\d{6}\.tar\.gz$/;

/** band-site-backup-20261126-030000.tar.gz (UTC): names sort by time. */
export function backupFileName(at: Date): string {
  const iso = at.toISOString();
  return `band-site-backup-${iso.slice(0, 10).replace(/-/g, "")}-${iso.slice(11, 19).replace(/:/g, "")}.tar.gz`;
}

/** Deletes all but the newest `keep` scheduled backups in `dir` (only files named like ours). */
export function pruneBackups(dir: string, keep: number): string[] {
  const ours = fs.readdirSync(dir).filter((f) => FILE_PATTERN.test(f)).sort().reverse();
  const old = ours.slice(keep);
  for (const f of old) fs.rmSync(path.join(dir, f), { force: true });
  return old;
}

export type ScheduledOutcome = { taken: false } | { taken: true; result?: BackupResult; error?: string };

/**
 * Takes the scheduled backup of `scheduledFor` unless another instance already claimed it: the
 * claim is the insert of its row (scheduled_for is unique), so with several instances on one
 * PostgreSQL exactly one takes it. The outcome (file and size, or the error) goes into the row,
 * where every instance's dashboard reads it; after a success the oldest archives beyond
 * BACKUP_KEEP are deleted.
 */
export async function takeScheduledBackup(app: FastifyInstance, scheduledFor: Date): Promise<ScheduledOutcome> {
  const [claim] = await app.db
    .insert(backupRuns)
    .values({ kind: "scheduled", scheduledFor, instanceId: instanceIdOf(app) })
    .onConflictDoNothing({ target: backupRuns.scheduledFor })
    .returning({ id: backupRuns.id });
  if (!claim) return { taken: false };
  const dir = app.config.backupDir;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const result = await createBackup(app.database, app.storage, path.join(dir, backupFileName(scheduledFor)));
    await app.db.update(backupRuns).set({ finishedAt: new Date(), file: result.file, size: result.size }).where(eq(backupRuns.id, claim.id));
    const removed = pruneBackups(dir, app.config.BACKUP_KEEP);
    app.log.info({ file: result.file, size: result.size, ms: Math.round(result.ms), removed: removed.length }, "scheduled backup written");
    return { taken: true, result };
  } catch (err) {
    const error = (err as Error).message || String(err);
    app.log.error({ err }, "scheduled backup failed");
    // the run's error and the backup.failed webhook event (issue 26) in one commit; only the instance that claimed the run gets here
    await app.db
      .transaction(async (tx) => {
        await tx.update(backupRuns).set({ finishedAt: new Date(), error }).where(eq(backupRuns.id, claim.id));
        await raiseEvent(tx, "backup.failed", { kind: "scheduled", error: error.slice(0, 500), scheduledFor: scheduledFor.toISOString() });
      })
      .catch((err) => app.log.error({ err }, "scheduled backup: the failure could not be recorded"));
    return { taken: true, error };
  }
}

/** Records a backup taken with `npm run backup`, so the dashboard shows it too. */
export async function recordManualBackup(db: Db, result: BackupResult, instanceId?: string): Promise<void> {
  await db.insert(backupRuns).values({ kind: "manual", instanceId, finishedAt: new Date(), file: result.file, size: result.size });
}

/** The latest finished backup (scheduled or manual), for the dashboard. */
export async function lastBackup(db: Db) {
  const [row] = await db.select().from(backupRuns).where(isNotNull(backupRuns.finishedAt)).orderBy(desc(backupRuns.finishedAt), desc(backupRuns.id)).limit(1);
  return row ?? null;
}

/**
 * Starts the BACKUP_SCHEDULE timer (background.ts); a no-op when it is unset. Every instance runs
 * the timer; the claim in takeScheduledBackup makes one of them take each run. Returns the stop
 * function (it waits for a backup under way).
 */
export function startScheduledBackups(app: FastifyInstance): () => Promise<void> {
  const pattern = app.config.BACKUP_SCHEDULE;
  if (!pattern) return async () => {};
  let running: Promise<void> = Promise.resolve();
  const job: Cron = new Cron(pattern, { protect: true, unref: true }, () => {
    // the occurrence this run is for: the same key on every instance, even a second early or late
    const scheduledFor = job.previousRuns(1, new Date(Date.now() + 1000))[0] ?? new Date(Math.floor(Date.now() / 1000) * 1000);
    running = takeScheduledBackup(app, scheduledFor).then(
      () => {},
      (err) => app.log.error({ err }, "scheduled backup failed"),
    );
    return running;
  });
  app.log.info({ schedule: pattern, next: job.nextRun()?.toISOString(), dir: app.config.backupDir, keep: app.config.BACKUP_KEEP }, "scheduled backups on");
  return async () => {
    job.stop();
    await running;
  };
}
