import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { newsletterDeliveries, newsletters } from "../../db/schema";
import { hashToken, tokenSource } from "../../lib/tokens";
import { bandName } from "../settings";
import { instanceIdOf } from "../../lib/instance";
import { prepareNewsletter, type PreparedNewsletter } from "../../mail/newsletter-message";
import { analyzeQueue, markLostDeliveries, recordAndClaim, renewLeases, type ClaimedDelivery, type DeliveryOutcome } from "./delivery-queue";
import { RateLimiter } from "../../mail/rate-limiter";
import { newsletterMail, preferencesUrl, unsubscribeLinks } from "../../mail/templates";
import { recordBounces, type Bounce } from "./bounces";
import { bounceReason, classifySendError, relayUnreachable } from "../../mail/send-errors";

export interface WorkerOptions {
  concurrency: number;
  ratePerSecond: number;
  /** how often to look for due retries (and newly queued mail from other instances) when idle */
  pollMs?: number;
  /** first retry delay; each further retry waits 4x longer (capped at 15 minutes) */
  retryBaseMs?: number;
  maxAttempts?: number;
  /** how long a claimed row stays this instance's without a renewal (renewed every third of it) */
  leaseSeconds?: number;
  /** the instance the claims are made for (default: this process's INSTANCE_ID) */
  instanceId?: string;
}

type NewsletterContent = { subject: string; contentHtml: string; contentText: string };

const BAND_NAME_TTL_MS = 10_000;
const MAX_ERROR_BACKOFF_MS = 30_000;
const GROUP_WAIT_MS = 20;
/** while the relay cannot be reached, the worker waits this long at first, doubling up to the max */
const RELAY_DOWN_MIN_MS = 1_000;
const RELAY_DOWN_MAX_MS = 30_000;

/**
 * Delivers queued newsletter mails, one database row per recipient, with `concurrency` SMTP
 * sends in flight. A row is claimed ('sending', with this instance's id and a lease, committed)
 * before its SMTP exchange and recorded after, so a row whose lease runs out is exactly a mail
 * whose fate is unknown: it becomes 'unknown' and is reported, never resent. Finished sends are
 * recorded and the freed slots refilled in one statement, so at most `concurrency` rows of an
 * instance are ever 'sending'. Several instances can run it on one PostgreSQL: claims skip each
 * other's rows, and a live instance reports a dead one's rows once their leases expire.
 * See docs/decisions/005.
 */
export class NewsletterWorker {
  readonly instanceId: string;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /**
   * Waiters of idle(), each with the claim round under way when it asked: only a claim that
   * started afterwards can have seen mail queued just before, so only its idle point counts.
   */
  private idleWaiters: { after: number; resolve: () => void }[] = [];
  private claimRound = 0;
  /** claimed rows whose outcome is not recorded yet (in the database they are 'sending') */
  private readonly inFlight = new Map<number, ClaimedDelivery>();
  private finished: DeliveryOutcome[] = [];
  /** set while the relay refuses connections: no new claims before this time (see noteRelay) */
  private relayDown: { until: number; backoffMs: number } | null = null;
  /** bounces whose outcome is recorded, waiting to mark their subscribers (kept when that fails) */
  private bouncesDue: Bounce[] = [];
  private leaseTimer: NodeJS.Timeout | null = null;
  private leaseWork: Promise<void> = Promise.resolve();
  private band: { name: string; at: number } | null = null;
  private readonly limiter: RateLimiter;
  private readonly content = new Map<number, NewsletterContent>();
  /** each newsletter's message composed once, per band name (see newsletter-message.ts) */
  private readonly prepared = new Map<string, Promise<PreparedNewsletter | null>>();
  private readonly opts: Required<Omit<WorkerOptions, "instanceId">>;

  constructor(private readonly app: FastifyInstance, options: WorkerOptions) {
    const { instanceId, ...rest } = options;
    this.opts = { pollMs: 1000, retryBaseMs: 5000, maxAttempts: 5, leaseSeconds: 30, ...rest };
    this.instanceId = instanceId ?? instanceIdOf(app);
    this.limiter = new RateLimiter(this.opts.ratePerSecond);
  }

  private get db(): Db {
    return this.app.database.db;
  }

  /**
   * Reports the deliveries left mid-send by instances that are gone, then starts delivering.
   * PGlite is one process, so every row still 'sending' was this process's before it stopped;
   * on PostgreSQL only rows whose lease ran out are (a live neighbour keeps renewing its own).
   */
  async start() {
    await this.reportLost(this.app.database.kind === "pglite");
    this.running = true;
    const every = Math.max(200, (this.opts.leaseSeconds * 1000) / 3);
    this.leaseTimer = setInterval(() => {
      this.leaseWork = this.leaseWork.then(() => this.tendLeases());
    }, every);
    this.leaseTimer.unref();
    this.loop = this.run().catch((err) => this.app.log.error({ err }, "newsletter worker stopped on an error"));
  }

  /** Finishes the mails in flight, records them, then stops. */
  async stop() {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.leaseTimer = null;
    await this.leaseWork;
    for (const w of this.idleWaiters.splice(0)) w.resolve();
  }

  get isRunning() {
    return this.running;
  }

  wake() {
    this.wakeUp?.();
  }

  /** Resolves the next time nothing is due, as seen by a claim made after this call (tests and the bench wait on this). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push({ after: this.claimRound, resolve });
      this.wake();
    });
  }

  /** Resolves the idle() waiters that asked before this round's claim began. */
  private resolveIdleWaiters(round: number) {
    const ready = this.idleWaiters.filter((w) => w.after < round);
    this.idleWaiters = this.idleWaiters.filter((w) => w.after >= round);
    for (const w of ready) w.resolve();
  }

  private async reportLost(all: boolean) {
    const lost = await markLostDeliveries(this.db, { all });
    for (const { claimedBy, count } of lost) {
      this.app.log.warn({ count, claimedBy }, "newsletter deliveries with unknown outcome: their instance stopped mid-send (not resent)");
    }
  }

  /** Keeps this instance's leases alive and reports the rows of instances that are gone. */
  private async tendLeases() {
    try {
      await renewLeases(this.db, this.instanceId, [...this.inFlight.keys()], this.opts.leaseSeconds);
      await this.reportLost(false);
    } catch (err) {
      this.app.log.warn({ err }, "newsletter lease renewal failed");
    }
  }

  private async run() {
    let errors = 0;
    while (this.running || this.inFlight.size > 0) {
      const outcomes = this.finished.splice(0);
      const relayWaitMs = this.relayDown ? this.relayDown.until - Date.now() : 0;
      const want = this.running && relayWaitMs <= 0 ? this.opts.concurrency - (this.inFlight.size - outcomes.length) : 0;
      let claimed: ClaimedDelivery[];
      const round = ++this.claimRound;
      try {
        claimed = await recordAndClaim(this.db, { instanceId: this.instanceId, outcomes, want, leaseSeconds: this.opts.leaseSeconds, mintToken });
        for (const o of outcomes) this.inFlight.delete(o.id);
        errors = 0;
        await this.markBounces(outcomes);
      } catch (err) {
        // e.g. PostgreSQL restarting: keep the outcomes for the next try (the rows stay in
        // flight, so the lease timer keeps renewing them) and back off
        this.finished.unshift(...outcomes);
        errors++;
        this.app.log.warn({ err }, "newsletter queue: database error, trying again");
        await this.sleep(Math.min(this.opts.pollMs * 2 ** errors, MAX_ERROR_BACKOFF_MS));
        continue;
      }
      if (claimed.length > 0) {
        for (const row of claimed) this.inFlight.set(row.id, row);
        let band: string;
        try {
          [band] = await Promise.all([this.bandName(), this.loadContent(claimed)]);
        } catch (err) {
          // nothing was handed to SMTP: back to the queue
          this.app.log.warn({ err }, "newsletter queue: could not load the newsletter, trying again");
          for (const row of claimed) this.finished.push({ id: row.id, status: "pending", retryInMs: this.opts.pollMs, error: "Not sent yet: the database did not answer" });
          continue;
        }
        for (const row of claimed) {
          void this.send(row, band).then((outcome) => {
            this.finished.push(outcome);
            this.wakeUp?.();
          });
        }
      }
      if (this.inFlight.size === 0) {
        if (!this.running) break;
        if (relayWaitMs > 0) {
          // the relay is down: nothing was claimed this round; try one group again after the wait
          await this.sleep(relayWaitMs);
          continue;
        }
        await this.completeFinished().catch((err) => this.app.log.warn({ err }, "newsletter queue: could not update the newsletters' status"));
        this.resolveIdleWaiters(round);
        await this.sleep(this.opts.pollMs);
        continue;
      }
      await this.nextGroup();
    }
  }

  /**
   * Waits until the finished sends are worth a statement: all of those in flight, or the first
   * of them has waited GROUP_WAIT_MS (a slow server must not hold the free slots for long).
   * Recording mails one by one would cost a statement each, and the database is the costly part.
   */
  private async nextGroup() {
    let firstDoneAt = this.finished.length > 0 ? performance.now() : 0;
    for (;;) {
      if (this.finished.length >= this.inFlight.size) return;
      if (this.finished.length > 0) {
        firstDoneAt ||= performance.now();
        const left = GROUP_WAIT_MS - (performance.now() - firstDoneAt);
        if (left <= 0) return;
        await this.sleep(left);
      } else {
        await this.sleep(this.opts.pollMs);
      }
    }
  }

  private async bandName(): Promise<string> {
    if (!this.band || Date.now() - this.band.at > BAND_NAME_TTL_MS) this.band = { name: await bandName(this.app), at: Date.now() };
    return this.band.name;
  }

  private async loadContent(rows: ClaimedDelivery[]) {
    const missing = [...new Set(rows.map((r) => r.newsletterId))].filter((id) => !this.content.has(id));
    if (missing.length === 0) return;
    await analyzeQueue(this.db).catch((err) => this.app.log.warn({ err }, "newsletter queue: analyze failed"));
    const found = await this.db.select().from(newsletters).where(inArray(newsletters.id, missing));
    for (const r of found) this.content.set(r.id, { subject: r.subject, contentHtml: r.contentHtml, contentText: r.contentText });
    await this.db
      .update(newsletters)
      .set({ status: "sending" })
      .where(and(inArray(newsletters.id, missing), eq(newsletters.status, "queued")));
  }

  private async send(row: ClaimedDelivery, band: string): Promise<DeliveryOutcome> {
    const content = this.content.get(row.newsletterId);
    if (!content) return { id: row.id, status: "failed", error: "Newsletter not found" };
    try {
      const mailer = this.app.mailer;
      const prepared = mailer.sendRaw ? await this.preparedFor(row.newsletterId, band, content) : null;
      const raw = prepared?.message(row.email, row.token, row.preferencesToken);
      await this.limiter.take();
      if (prepared && raw) {
        await mailer.sendRaw!({ from: prepared.from, to: row.email }, raw);
      } else {
        const publicUrl = this.app.config.PUBLIC_URL;
        await mailer.send(
          newsletterMail({ bandName: band, to: row.email, ...content, unsubscribe: unsubscribeLinks(publicUrl, row.email, row.token), preferencesUrl: preferencesUrl(publicUrl, row.preferencesToken) }),
        );
      }
      this.noteRelay(true);
      return { id: row.id, status: "sent", error: null };
    } catch (err) {
      // as text the JSON parameter can carry: no control characters (NUL), no lone surrogates
      const message = String((err as Error)?.message ?? err).slice(0, 500);
      const error = Buffer.from(message, "utf8").toString("utf8").replace(/\p{Cc}+/gu, " ");
      if (relayUnreachable(err)) {
        // the mail was never offered: back to the queue, its attempt not counted, after the wait
        return { id: row.id, status: "pending", retryInMs: this.noteRelay(false), uncounted: true, error };
      }
      const kind = classifySendError(err);
      const bounce = kind === "failed" ? (bounceReason(err) ?? undefined) : undefined;
      if (kind === "retry" && row.attempts < this.opts.maxAttempts) {
        return { id: row.id, status: "pending", retryInMs: Math.min(this.opts.retryBaseMs * 4 ** (row.attempts - 1), 15 * 60 * 1000), error };
      }
      return { id: row.id, status: kind === "unknown" ? "unknown" : "failed", error, bounce };
    }
  }

  /**
   * Keeps track of whether the relay can be reached. While it cannot, the worker claims nothing
   * new until the wait is over, doubling the wait each time it is still down: a relay restarting
   * is not hammered, and no recipient's attempts are spent on it. Returns the wait.
   */
  private noteRelay(reachable: boolean): number {
    if (reachable) {
      if (this.relayDown) this.app.log.info("newsletter: the mail relay answers again");
      this.relayDown = null;
      return 0;
    }
    const now = Date.now();
    if (this.relayDown && now < this.relayDown.until) return this.relayDown.until - now; // the same outage, seen by another send
    const backoffMs = this.relayDown ? Math.min(this.relayDown.backoffMs * 2, RELAY_DOWN_MAX_MS) : RELAY_DOWN_MIN_MS;
    this.relayDown = { until: now + backoffMs, backoffMs };
    this.app.log.warn({ retryInMs: backoffMs }, "newsletter: the mail relay cannot be reached; waiting before trying again");
    return backoffMs;
  }

  /**
   * After the outcomes are recorded: marks the subscribers whose address was refused for good
   * as bounced (one statement, only when there are some). A database error keeps them for the
   * next round; the deliveries themselves already say 'failed'.
   */
  private async markBounces(recorded: DeliveryOutcome[]) {
    for (const o of recorded) if (o.bounce) this.bouncesDue.push({ deliveryId: o.id, reason: o.bounce });
    if (this.bouncesDue.length === 0) return;
    const due = this.bouncesDue.splice(0);
    try {
      await recordBounces(this.db, due);
      this.app.log.info({ count: due.length }, "newsletter: addresses refused for good marked bounced");
    } catch (err) {
      this.bouncesDue.unshift(...due);
      this.app.log.warn({ err }, "newsletter: could not mark bounced addresses, trying again");
    }
  }

  /** The newsletter's message composed once; null (each mail composed on its own) if that fails. */
  private preparedFor(newsletterId: number, band: string, content: NewsletterContent): Promise<PreparedNewsletter | null> {
    const key = `${newsletterId}\u0000${band}`;
    let prepared = this.prepared.get(key);
    if (!prepared) {
      for (const k of this.prepared.keys()) if (k.startsWith(`${newsletterId}\u0000`)) this.prepared.delete(k);
      prepared = prepareNewsletter(this.app.config, { bandName: band, ...content }).catch((err) => {
        this.app.log.warn({ err }, "newsletter: composing the message once failed; composing each mail instead");
        return null;
      });
      this.prepared.set(key, prepared);
    }
    return prepared;
  }

  /** A newsletter is done when none of its rows is pending or sending. */
  private async completeFinished() {
    const open = await this.db.select({ id: newsletters.id }).from(newsletters).where(notInArray(newsletters.status, ["done", "scheduled", "cancelled"])); // a scheduled one has no rows yet
    for (const { id } of open) {
      const [busy] = await this.db
        .select({ id: newsletterDeliveries.id })
        .from(newsletterDeliveries)
        .where(and(eq(newsletterDeliveries.newsletterId, id), inArray(newsletterDeliveries.status, ["pending", "sending"])))
        .limit(1);
      if (!busy) {
        await this.db.update(newsletters).set({ status: "done", completedAt: new Date() }).where(eq(newsletters.id, id));
        this.content.delete(id);
        for (const k of this.prepared.keys()) if (k.startsWith(`${id}\u0000`)) this.prepared.delete(k);
      }
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const wakeUp = () => {
        if (this.wakeUp === wakeUp) this.wakeUp = null;
        done();
      };
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = wakeUp;
    });
  }
}

const nextToken = tokenSource();
function mintToken() {
  const token = nextToken();
  return { token, hash: hashToken(token) };
}
