import type { FastifyInstance } from "fastify";
import type { PollingWorker } from "../../services/polling-worker";
import { newsletterScheduler } from "./scheduler";
import { NewsletterWorker, type WorkerOptions } from "./worker";

/** How often to look for scheduled newsletters whose time has come. */
const SCHEDULE_CHECK_MS = 1000;

export interface StartOptions extends Partial<WorkerOptions> {
  /** how often the scheduler looks for due scheduled newsletters (default 1 s) */
  scheduleEveryMs?: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Starts and wakes the newsletter delivery workers (modules/newsletter/delivery.ts). */
    newsletterWorker: NewsletterWorkers;
  }
}

/**
 * The app's newsletter delivery (`app.newsletterWorker`): starts workers and wakes them when
 * mail is queued. The server starts one (the module's background work, index.ts); tests start
 * theirs with their own options, several on one app to play several instances. The first start
 * also starts the app's one scheduler (scheduler.ts), which queues scheduled newsletters when
 * their time comes and wakes the workers. The app's close stops what still runs.
 */
export class NewsletterWorkers {
  private readonly running = new Set<NewsletterWorker>();
  private scheduler: PollingWorker | null = null;

  constructor(private readonly app: FastifyInstance) {}

  async start(overrides: StartOptions = {}): Promise<NewsletterWorker> {
    const { scheduleEveryMs, ...workerOptions } = overrides;
    for (const w of this.running) if (!w.isRunning) this.running.delete(w);
    const worker = new NewsletterWorker(this.app, {
      concurrency: this.app.config.MAIL_CONCURRENCY,
      ratePerSecond: this.app.config.MAIL_RATE_PER_SECOND,
      leaseSeconds: this.app.config.MAIL_LEASE_SECONDS,
      ...workerOptions,
    });
    await worker.start();
    this.running.add(worker);
    this.scheduler ??= newsletterScheduler(this.app, { everyMs: scheduleEveryMs ?? SCHEDULE_CHECK_MS, onStarted: () => this.wake() });
    this.scheduler.start();
    return worker;
  }

  /** Tells the running workers that new mail was queued. */
  wake() {
    for (const w of this.running) w.wake();
  }

  async stopAll() {
    const scheduler = this.scheduler;
    this.scheduler = null;
    await scheduler?.stop();
    const workers = [...this.running];
    this.running.clear();
    for (const w of workers) await w.stop();
  }
}

/**
 * Decorates `app.newsletterWorker` (the module's `decorate`, called by buildApp after the mail
 * services). The app's close stops the workers; it runs before the mailer's own close hook
 * (hooks close in the reverse order of their registration), so the mails in flight are
 * finished and recorded while the transport is still open.
 */
export function decorateNewsletterDelivery(app: FastifyInstance) {
  const workers = new NewsletterWorkers(app);
  app.decorate("newsletterWorker", workers);
  app.addHook("onClose", async () => {
    await workers.stopAll();
  });
}
