import type { FastifyInstance } from "fastify";
import { PollingWorker } from "../../services/polling-worker";
import { startDueNewsletters } from "./repository";

/**
 * The loop that looks for due scheduled newsletters every `everyMs` while the app's newsletter
 * workers run (delivery.ts starts and stops it) and wakes the workers after starting one. Each
 * check starts the due ones in one transaction (startDueNewsletters, repository.ts: exactly
 * once, whatever the number of instances). Checks never overlap; a failed check (the database
 * restarting) is logged and tried again.
 */
export function newsletterScheduler(app: FastifyInstance, opts: { everyMs: number; onStarted: () => void }): PollingWorker {
  return new PollingWorker({
    round: async () => {
      const started = await startDueNewsletters(app.database.db);
      for (const n of started) app.log.info({ newsletterId: n.id, recipients: n.recipients }, "scheduled newsletter started");
      if (started.length > 0) opts.onStarted();
      return opts.everyMs;
    },
    pollMs: opts.everyMs,
    retryMs: () => opts.everyMs,
    log: app.log,
    failed: "scheduled newsletters: check failed, trying again",
    // the waits alone must not keep the process alive (the app's close stops it anyway)
    unref: true,
  });
}
