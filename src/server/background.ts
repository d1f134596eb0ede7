import type { FastifyInstance } from "fastify";
import { purgeExpiredSessions } from "./services/sessions";
import { purgeRateLimits } from "./plugins/rate-limit-store";
import { purgeActivityLog } from "./plugins/activity-log";
import { purgeRepeatedWrites } from "./plugins/repeated-writes";
import { startPeerInvalidation } from "./services/peer-invalidation";
import { controlCommands } from "./control/commands";
import { startScheduledBackups } from "./backup/schedule";
import { modules } from "./modules";

const PURGE_SESSIONS_EVERY_MS = 60 * 60 * 1000;
const PURGE_RATE_LIMITS_EVERY_MS = 10 * 60 * 1000;
const PURGE_ACTIVITY_EVERY_MS = 60 * 60 * 1000;

/**
 * Long-running work started after the server is built (the peers' cache notices, clean-ups, and
 * the modules' own: the newsletter worker, the verification mails of imported fans). Returns a
 * function that stops it all for a graceful shutdown. Tests that need the worker start it
 * themselves (app.newsletterWorker.start), so test apps never keep running work.
 */
export async function startBackgroundWork(app: FastifyInstance): Promise<() => Promise<void>> {
  const stopPeers = await startPeerInvalidation(app);
  // DATA_DIR/control.sock: with PGlite (one process) `npm run backup` and `admin:reset-password`
  // ask the running site; on PostgreSQL they connect to the database themselves. Closed on app close.
  if (app.database.kind === "pglite") await app.controlSocket.start(controlCommands);
  // BACKUP_SCHEDULE (a no-op when unset)
  const stopBackups = startScheduledBackups(app);
  const stopModules: (() => Promise<void>)[] = [];
  for (const m of modules) if (m.background) stopModules.push(await m.background(app));
  const purgeSessions = setInterval(() => {
    purgeExpiredSessions(app.db).catch((err) => app.log.warn({ err }, "session clean-up failed"));
  }, PURGE_SESSIONS_EVERY_MS);
  purgeSessions.unref();
  const purgeLimits = setInterval(() => {
    purgeRateLimits(app.db).catch((err) => app.log.warn({ err }, "rate-limit clean-up failed"));
  }, PURGE_RATE_LIMITS_EVERY_MS);
  purgeLimits.unref();
  // the activity log keeps ACTIVITY_LOG_RETENTION_DAYS; once at start, then hourly
  const purgeActivity = () => {
    purgeActivityLog(app.db, app.config.ACTIVITY_LOG_RETENTION_DAYS).catch((err) => app.log.warn({ err }, "activity log clean-up failed"));
    // the admin creates' idempotency keys are kept a day (plugins/repeated-writes.ts)
    purgeRepeatedWrites(app.db).catch((err) => app.log.warn({ err }, "idempotency key clean-up failed"));
  };
  purgeActivity();
  const purgeActivityTimer = setInterval(purgeActivity, PURGE_ACTIVITY_EVERY_MS);
  purgeActivityTimer.unref();
  return async () => {
    clearInterval(purgeActivityTimer);
    clearInterval(purgeSessions);
    clearInterval(purgeLimits);
    await stopBackups();
    for (const stop of stopModules) await stop();
    await stopPeers();
  };
}
