import { and, asc, eq, gt, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { newsletterDeliveries, newsletters } from "../db/schema";
import { hashToken, newToken } from "../lib/tokens";
import { RateLimiter } from "./rate-limiter";
import { bandName, getMailer } from "./service";
import { newsletterMail, unsubscribeLinks } from "./templates";
import { classifySendError } from "./transport";

export interface WorkerOptions {
  concurrency: number;
  ratePerSecond: number;
  /** how often to look for due retries when idle */
  pollMs?: number;
  /** first retry delay; each further retry waits 4x longer (capped at 15 minutes) */
  retryBaseMs?: number;
  maxAttempts?: number;
  batchSize?: number;
}

type Queued = { id: number; newsletterId: number; email: string };
type Claimed = Queued & { attempts: number; token: string };
type Outcome = { id: number; result: "sent" | "retry" | "failed" | "unknown"; attempts: number; error: string | null };
type NewsletterContent = { subject: string; contentHtml: string; contentText: string };

const workers = new WeakMap<object, NewsletterWorker>();

/**
 * Delivers queued newsletter mails, one database row per recipient. Each row is marked
 * 'sending' (committed) before its SMTP exchange and 'sent' after, so after a crash a row still
 * in 'sending' is exactly a mail whose fate is unknown: it becomes 'unknown' and is reported,
 * never resent. At most `concurrency` rows are 'sending' at any moment. See docs/decisions/005.
 */
export class NewsletterWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private idleWaiters: (() => void)[] = [];
  private cursor = 0;
  private readonly limiter: RateLimiter;
  private readonly content = new Map<number, NewsletterContent>();
  private readonly opts: Required<WorkerOptions>;

  constructor(private readonly app: FastifyInstance, options: WorkerOptions) {
    this.opts = { pollMs: 1000, retryBaseMs: 5000, maxAttempts: 5, batchSize: 500, ...options };
    this.limiter = new RateLimiter(this.opts.ratePerSecond);
  }

  private get db(): Db {
    return this.app.db;
  }

  /** Marks the deliveries a previous process left mid-send as 'unknown', then starts delivering. */
  async start() {
    const lost = await this.db
      .update(newsletterDeliveries)
      .set({ status: "unknown", lastError: "The server stopped during this delivery; it may or may not have been delivered." })
      .where(eq(newsletterDeliveries.status, "sending"))
      .returning({ id: newsletterDeliveries.id });
    if (lost.length > 0) this.app.log.warn({ count: lost.length }, "newsletter deliveries with unknown outcome after a restart (not resent)");
    this.running = true;
    workers.set(this.app.database, this);
    this.loop = this.run().catch((err) => this.app.log.error({ err }, "newsletter worker stopped on an error"));
  }

  /** Finishes the mails in flight, then stops. */
  async stop() {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    if (workers.get(this.app.database) === this) workers.delete(this.app.database);
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  wake() {
    this.wakeUp?.();
  }

  /** Resolves the next time nothing is due (tests and the bench wait on this). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.wake();
    });
  }

  private async run() {
    while (this.running) {
      const batch = await this.dueBatch();
      if (batch.length === 0) {
        if (this.cursor > 0) {
          this.cursor = 0; // one more pass from the start picks up retries that came due
          continue;
        }
        await this.completeFinished();
        for (const resolve of this.idleWaiters.splice(0)) resolve();
        await this.sleep(this.opts.pollMs);
        continue;
      }
      this.cursor = batch[batch.length - 1].id;
      await this.loadContent(batch);
      const band = await bandName(this.app);
      // Waves of `concurrency` mails: one transaction records the last wave's outcomes and
      // claims the next wave, so there is one commit per wave, not two per mail.
      let outcomes: Outcome[] = [];
      for (let i = 0; i < batch.length && this.running; i += this.opts.concurrency) {
        const claimed = await this.commitAndClaim(outcomes, batch.slice(i, i + this.opts.concurrency));
        outcomes = await Promise.all(claimed.map((row) => this.send(row, band)));
      }
      await this.commitAndClaim(outcomes, []);
    }
  }

  private dueBatch(): Promise<Queued[]> {
    return this.db
      .select({ id: newsletterDeliveries.id, newsletterId: newsletterDeliveries.newsletterId, email: newsletterDeliveries.email })
      .from(newsletterDeliveries)
      .where(
        and(
          eq(newsletterDeliveries.status, "pending"),
          lte(newsletterDeliveries.nextAttemptAt, new Date()),
          gt(newsletterDeliveries.id, this.cursor),
        ),
      )
      .orderBy(asc(newsletterDeliveries.id))
      .limit(this.opts.batchSize);
  }

  private async loadContent(batch: Queued[]) {
    const missing = [...new Set(batch.map((r) => r.newsletterId))].filter((id) => !this.content.has(id));
    if (missing.length === 0) return;
    const rows = await this.db.select().from(newsletters).where(inArray(newsletters.id, missing));
    for (const r of rows) this.content.set(r.id, { subject: r.subject, contentHtml: r.contentHtml, contentText: r.contentText });
    await this.db
      .update(newsletters)
      .set({ status: "sending" })
      .where(and(inArray(newsletters.id, missing), eq(newsletters.status, "queued")));
  }

  /**
   * One transaction: record the outcomes of the wave that just finished, and mark the next
   * wave 'sending' (only rows still pending: an unsubscribe may have skipped one meanwhile).
   * Each claimed row gets a fresh personal unsubscribe token, stored hashed.
   */
  private commitAndClaim(outcomes: Outcome[], next: Queued[]): Promise<Claimed[]> {
    if (outcomes.length === 0 && next.length === 0) return Promise.resolve([]);
    return this.db.transaction(async (tx) => {
      const sent = outcomes.filter((o) => o.result === "sent").map((o) => o.id);
      if (sent.length) {
        await tx.update(newsletterDeliveries).set({ status: "sent", sentAt: new Date(), lastError: null }).where(inArray(newsletterDeliveries.id, sent));
      }
      for (const o of outcomes) {
        if (o.result === "sent") continue;
        if (o.result === "retry" && o.attempts < this.opts.maxAttempts) {
          const delay = Math.min(this.opts.retryBaseMs * 4 ** (o.attempts - 1), 15 * 60 * 1000);
          await tx
            .update(newsletterDeliveries)
            .set({ status: "pending", nextAttemptAt: new Date(Date.now() + delay), lastError: o.error })
            .where(eq(newsletterDeliveries.id, o.id));
        } else {
          await tx
            .update(newsletterDeliveries)
            .set({ status: o.result === "unknown" ? "unknown" : "failed", lastError: o.error })
            .where(eq(newsletterDeliveries.id, o.id));
        }
      }
      if (next.length === 0) return [];
      const tokens = new Map(next.map((r) => [r.id, newToken()]));
      const values = sql.join(
        next.map((r) => sql`(${r.id}::integer, ${hashToken(tokens.get(r.id)!)}::text)`),
        sql`, `,
      );
      const claimed = await tx.execute(sql`
        update ${newsletterDeliveries} as d
        set status = 'sending', attempts = d.attempts + 1, unsubscribe_token_hash = v.h
        from (values ${values}) as v(id, h)
        where d.id = v.id and d.status = 'pending'
        returning d.id, d.attempts`);
      const rows = (claimed as unknown as { rows: { id: number; attempts: number }[] }).rows;
      const byId = new Map(next.map((r) => [r.id, r]));
      return rows.map((r) => ({ ...byId.get(Number(r.id))!, attempts: Number(r.attempts), token: tokens.get(Number(r.id))! }));
    });
  }

  private async send(row: Claimed, band: string): Promise<Outcome> {
    const content = this.content.get(row.newsletterId);
    if (!content) return { id: row.id, result: "failed", attempts: row.attempts, error: "Newsletter not found" };
    await this.limiter.take();
    const mail = newsletterMail({ bandName: band, to: row.email, ...content, unsubscribe: unsubscribeLinks(this.app.config.PUBLIC_URL, row.email, row.token) });
    try {
      await getMailer(this.app).send(mail);
      return { id: row.id, result: "sent", attempts: row.attempts, error: null };
    } catch (err) {
      return { id: row.id, result: classifySendError(err), attempts: row.attempts, error: String((err as Error)?.message ?? err).slice(0, 500) };
    }
  }

  /** A newsletter is done when none of its rows is pending or sending. */
  private async completeFinished() {
    const open = await this.db.select({ id: newsletters.id }).from(newsletters).where(notInArray(newsletters.status, ["done"]));
    for (const { id } of open) {
      const [busy] = await this.db
        .select({ id: newsletterDeliveries.id })
        .from(newsletterDeliveries)
        .where(and(eq(newsletterDeliveries.newsletterId, id), inArray(newsletterDeliveries.status, ["pending", "sending"])))
        .limit(1);
      if (!busy) {
        await this.db.update(newsletters).set({ status: "done", completedAt: new Date() }).where(eq(newsletters.id, id));
        this.content.delete(id);
      }
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }
}

export async function startNewsletterWorker(app: FastifyInstance, overrides: Partial<WorkerOptions> = {}) {
  const worker = new NewsletterWorker(app, {
    concurrency: app.config.MAIL_CONCURRENCY,
    ratePerSecond: app.config.MAIL_RATE_PER_SECOND,
    ...overrides,
  });
  await worker.start();
  return worker;
}

/** Tells the running worker (if any) that new mail was queued. */
export function wakeNewsletterWorker(app: FastifyInstance) {
  workers.get(app.database)?.wake();
}
