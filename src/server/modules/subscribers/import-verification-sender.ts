import type { FastifyInstance } from "fastify";
import { bandName } from "../../services/settings";
import { IDLE, PollingWorker } from "../../services/polling-worker";
import { RateLimiter } from "../../mail/rate-limiter";
import { unsubscribeLinks, verificationMail, verifyUrl } from "../../mail/templates";
import { bounceReason, classifySendError } from "../../mail/send-errors";
import { claimImportVerificationMails, markBounced, markVerificationMailsDue, type ImportVerificationMail } from "./repository";

export interface ImportVerificationOptions {
  ratePerSecond: number;
  /** parallel SMTP sends */
  concurrency: number;
  /** rows claimed per round */
  batchSize?: number;
  /** how often to look for due rows when there were none */
  pollMs?: number;
  /** the pause after a round whose sends failed for a reason worth retrying */
  retryAfterMs?: number;
}

/**
 * Sends the normal verification mail to the fans an import added without the admin vouching for
 * their consent (subscribers.verification_mail_due). A round claims a batch in one statement
 * (FOR UPDATE SKIP LOCKED, so two instances never claim the same fan), minting the verification
 * and unsubscribe tokens the way subscribe() does and clearing the flag, then sends, spaced by
 * MAIL_RATE_PER_SECOND. A send that fails for a reason worth retrying (4xx, no connection) sets
 * the flag again for a later round; a permanent refusal of the address marks it bounced. A fan who
 * unsubscribed, verified or bounced before their turn gets nothing: the flag is just cleared.
 * If the process dies between claim and send, that fan's mail is not sent (they can sign up
 * again with the form); the flag never sends one twice.
 */
export class ImportVerificationSender {
  private readonly loop: PollingWorker;
  private readonly limiter: RateLimiter;
  private readonly opts: Required<ImportVerificationOptions>;

  constructor(
    private readonly app: FastifyInstance,
    options: ImportVerificationOptions,
  ) {
    this.opts = { batchSize: 100, pollMs: 5000, retryAfterMs: 30_000, ...options };
    this.limiter = new RateLimiter(this.opts.ratePerSecond);
    this.loop = new PollingWorker({
      round: async () => {
        const { claimed, retry } = await this.round();
        if (claimed === 0) return IDLE;
        return retry ? this.opts.retryAfterMs : 0;
      },
      pollMs: this.opts.pollMs,
      retryMs: () => this.opts.retryAfterMs,
      log: app.log,
      failed: "import verification mails: round failed",
      failedLevel: "error",
    });
  }

  start(): this {
    this.loop.start();
    return this;
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Resolves once a round finds nothing due (tests: every imported fan has been mailed). */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /** Claims one batch and sends it; returns how many rows it claimed and whether a send should be retried. */
  async round(): Promise<{ claimed: number; retry: boolean }> {
    const { rows, claimed } = await claimImportVerificationMails(this.app.db, this.opts.batchSize);
    if (claimed === 0) return { claimed, retry: false };
    const band = await bandName(this.app);
    const publicUrl = this.app.config.PUBLIC_URL;
    const again: number[] = [];
    const queue = [...rows];
    const lane = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        await this.limiter.take();
        const mail = verificationMail({
          bandName: band,
          to: row.email,
          verifyUrl: verifyUrl(publicUrl, row.email, row.verifyToken),
          unsubscribe: unsubscribeLinks(publicUrl, row.email, row.unsubscribeToken),
          // they did not sign up themselves: the mail says the band added them (issue 21)
          addedByBand: true,
        });
        try {
          await this.app.mailer.send(mail);
        } catch (err) {
          await this.failed(row, err, again);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.opts.concurrency, rows.length) }, lane));
    await markVerificationMailsDue(this.app.db, again);
    return { claimed, retry: again.length > 0 };
  }

  private async failed(row: ImportVerificationMail, err: unknown, again: number[]) {
    const bounce = bounceReason(err);
    if (bounce) {
      await markBounced(this.app.db, row.id, bounce);
      this.app.log.warn({ subscriberId: row.id }, "import verification mail refused: marked bounced");
    } else if (classifySendError(err) === "retry") {
      again.push(row.id);
      this.app.log.warn({ err, subscriberId: row.id }, "import verification mail failed: will retry");
    } else {
      this.app.log.error({ err, subscriberId: row.id }, "import verification mail failed");
    }
  }
}
