import type { FastifyInstance } from "fastify";
import { PollingWorker } from "../../services/polling-worker";
import { startDueNewsletters } from "./repository";

/**
 * Looks for due scheduled newsletters every `everyMs` while the app's newsletter workers run
 * (delivery.ts starts and stops it) and wakes the workers after starting one. Each check starts
 * the due ones in one transaction (startDueNewsletters, repository.ts: exactly once, whatever
 * the number of instances). Checks never overlap; a failed check (the database restarting) is
 * logged and tried again.
 */
export class NewsletterScheduler {
  private readonly loop: PollingWorker;

  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: { everyMs: number; onStarted: () => void },
  ) {
    this.loop = new PollingWorker({
      round: () => this.check(),
      pollMs: opts.everyMs,
      retryMs: () => opts.everyMs,
      log: app.log,
      failed: "scheduled newsletters: check failed, trying again",
      // the timer alone must not keep the process alive (the app's close stops it anyway)
      unref: true,
    });
  }

  get isRunning() {
    return this.loop.isRunning;
  }

  /** Checks now, then every `everyMs`. */
  start() {
    this.loop.start();
  }

  /** Stops the checks and waits for a check under way, so nothing runs after the app closes. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async check() {
    const started = await startDueNewsletters(this.app.database.db);
    for (const n of started) this.app.log.info({ newsletterId: n.id, recipients: n.recipients }, "scheduled newsletter started");
    if (started.length > 0) this.opts.onStarted();
    return this.opts.everyMs;
  }
}
