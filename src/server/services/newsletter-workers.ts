import type { FastifyInstance } from "fastify";
import { NewsletterWorker, type WorkerOptions } from "../mail/newsletter-worker";

/**
 * The app's newsletter delivery (`app.newsletterWorker`): starts workers and wakes them when
 * mail is queued. The server starts one (background.ts); tests start theirs with their own
 * options, several on one app to play several instances. The app's close stops what still runs.
 */
export class NewsletterWorkers {
  private readonly running = new Set<NewsletterWorker>();

  constructor(private readonly app: FastifyInstance) {}

  async start(overrides: Partial<WorkerOptions> = {}): Promise<NewsletterWorker> {
    for (const w of this.running) if (!w.isRunning) this.running.delete(w);
    const worker = new NewsletterWorker(this.app, {
      concurrency: this.app.config.MAIL_CONCURRENCY,
      ratePerSecond: this.app.config.MAIL_RATE_PER_SECOND,
      leaseSeconds: this.app.config.MAIL_LEASE_SECONDS,
      ...overrides,
    });
    await worker.start();
    this.running.add(worker);
    return worker;
  }

  /** Tells the running workers that new mail was queued. */
  wake() {
    for (const w of this.running) w.wake();
  }

  async stopAll() {
    const workers = [...this.running];
    this.running.clear();
    for (const w of workers) await w.stop();
  }
}
