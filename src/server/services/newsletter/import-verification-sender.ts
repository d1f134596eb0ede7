import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { subscribers } from "../../db/schema";
import { hashToken, newToken } from "../../lib/tokens";
import { bandName } from "../settings";
import { RateLimiter } from "../../mail/rate-limiter";
import { unsubscribeLinks, verificationMail } from "../../mail/templates";
import { bounceReason, classifySendError } from "../../mail/send-errors";

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

interface Claimed {
  id: number;
  email: string;
  verifyToken: string;
  unsubscribeToken: string;
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
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private readonly limiter: RateLimiter;
  private readonly opts: Required<ImportVerificationOptions>;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly app: FastifyInstance,
    options: ImportVerificationOptions,
  ) {
    this.opts = { batchSize: 100, pollMs: 5000, retryAfterMs: 30_000, ...options };
    this.limiter = new RateLimiter(this.opts.ratePerSecond);
  }

  private get db(): Db {
    return this.app.database.db;
  }

  start(): this {
    if (this.running) return this;
    this.running = true;
    this.loop = this.run();
    return this;
  }

  async stop() {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** Resolves once a round finds nothing due (tests: every imported fan has been mailed). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.wakeUp?.();
    });
  }

  private async run() {
    while (this.running) {
      let pause = 0;
      try {
        const { claimed, retry } = await this.round();
        if (claimed === 0) {
          for (const resolve of this.idleWaiters.splice(0)) resolve();
          pause = this.opts.pollMs;
        } else if (retry) pause = this.opts.retryAfterMs;
      } catch (err) {
        this.app.log.error({ err }, "import verification mails: round failed");
        pause = this.opts.retryAfterMs;
      }
      if (pause > 0 && this.running) await this.sleep(pause);
    }
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    }).finally(() => (this.wakeUp = null));
  }

  /** Claims one batch and sends it; returns how many rows it claimed and whether a send should be retried. */
  async round(): Promise<{ claimed: number; retry: boolean }> {
    const { rows, claimed } = await this.claim();
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
          verifyUrl: `${publicUrl}/verify-email?email=${encodeURIComponent(row.email)}&token=${encodeURIComponent(row.verifyToken)}`,
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
    if (again.length > 0) await this.db.update(subscribers).set({ verificationMailDue: true }).where(inArray(subscribers.id, again));
    return { claimed, retry: again.length > 0 };
  }

  private async failed(row: Claimed, err: unknown, again: number[]) {
    const bounce = bounceReason(err);
    if (bounce) {
      await this.db.update(subscribers).set({ bouncedAt: new Date(), bounceReason: bounce }).where(eq(subscribers.id, row.id));
      this.app.log.warn({ subscriberId: row.id }, "import verification mail refused: marked bounced");
    } else if (classifySendError(err) === "retry") {
      again.push(row.id);
      this.app.log.warn({ err, subscriberId: row.id }, "import verification mail failed: will retry");
    } else {
      this.app.log.error({ err, subscriberId: row.id }, "import verification mail failed");
    }
  }

  private async claim(): Promise<{ rows: Claimed[]; claimed: number }> {
    const want = this.opts.batchSize;
    const tokens = Array.from({ length: want }, () => ({ verify: newToken(), unsubscribe: newToken() }));
    // hex digests: nothing to quote in an array literal
    const verifyHashes = `{${tokens.map((t) => hashToken(t.verify)).join(",")}}`;
    const unsubscribeHashes = `{${tokens.map((t) => hashToken(t.unsubscribe)).join(",")}}`;
    const eligible = sql`(s.is_subscribed and not s.is_verified and s.bounced_at is null)`;
    const result = await this.db.execute(sql`
      with picked as (
        select p.id, row_number() over ()::integer as n from (
          select id from ${subscribers} where verification_mail_due order by id limit ${want}::integer for update skip locked
        ) as p
      )
      update ${subscribers} as s set
        verification_mail_due = false,
        verification_token = case when ${eligible} then (${verifyHashes}::text[])[p.n] else s.verification_token end,
        unsubscribe_token = case when ${eligible} then (${unsubscribeHashes}::text[])[p.n] else s.unsubscribe_token end,
        verification_sent_at = case when ${eligible} then now() else s.verification_sent_at end
      from picked as p
      where s.id = p.id
      returning s.id, s.email, p.n, ${eligible} as eligible`);
    const raw = (result as unknown as { rows: { id: number; email: string; n: number; eligible: boolean }[] }).rows;
    const rows = raw
      .filter((r) => r.eligible)
      .map((r) => ({ id: Number(r.id), email: String(r.email), verifyToken: tokens[Number(r.n) - 1].verify, unsubscribeToken: tokens[Number(r.n) - 1].unsubscribe }));
    return { rows, claimed: raw.length };
  }
}
