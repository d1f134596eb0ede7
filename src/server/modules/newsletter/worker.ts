import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { hashToken, tokenSource } from "../../lib/tokens";
import { bandName, newsletterClickCounting } from "../../services/settings";
import { IDLE, PollingWorker } from "../../services/polling-worker";
import { instanceIdOf } from "../../lib/instance";
import { withCountedLinks } from "./links";
import { prepareNewsletter, type PreparedNewsletter } from "./message";
import { analyzeQueue, markLostDeliveries, recordAndClaim, renewLeases, type ClaimedDelivery, type DeliveryOutcome } from "./queue";
import { completeFinishedNewsletters, contentToSend, type NewsletterContent } from "./repository";
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
  /** the rounds: record finished sends and claim due rows (services/polling-worker.ts) */
  private readonly loop: PollingWorker;
  /** claimed rows whose outcome is not recorded yet (in the database they are 'sending') */
  private readonly inFlight = new Map<number, ClaimedDelivery>();
  private finished: DeliveryOutcome[] = [];
  /** when the first of the `finished` sends finished (see groupWaitMs) */
  private firstDoneAt = 0;
  /** set while the relay refuses connections: no new claims before this time (see noteRelay) */
  private relayDown: { until: number; backoffMs: number } | null = null;
  /** bounces whose outcome is recorded, waiting to mark their subscribers (kept when that fails) */
  private bouncesDue: Bounce[] = [];
  private leaseTimer: NodeJS.Timeout | null = null;
  private leaseWork: Promise<void> = Promise.resolve();
  private band: { name: string; at: number } | null = null;
  private readonly limiter: RateLimiter;
  private readonly content = new Map<number, NewsletterContent>();
  /** each newsletter's message composed once, per band name (see message.ts) */
  private readonly prepared = new Map<string, Promise<PreparedNewsletter | null>>();
  private readonly opts: Required<Omit<WorkerOptions, "instanceId">>;

  constructor(private readonly app: FastifyInstance, options: WorkerOptions) {
    const { instanceId, ...rest } = options;
    this.opts = { pollMs: 1000, retryBaseMs: 5000, maxAttempts: 5, leaseSeconds: 30, ...rest };
    this.instanceId = instanceId ?? instanceIdOf(app);
    this.limiter = new RateLimiter(this.opts.ratePerSecond);
    this.loop = new PollingWorker({
      round: () => this.round(),
      pollMs: this.opts.pollMs,
      // e.g. PostgreSQL restarting: the outcomes are kept for the next try (see round)
      retryMs: (failures) => Math.min(this.opts.pollMs * 2 ** failures, MAX_ERROR_BACKOFF_MS),
      log: app.log,
      failed: "newsletter queue: database error, trying again",
      // after stop(): the mails in flight are finished and recorded first
      unfinished: () => this.inFlight.size > 0,
    });
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
    const every = Math.max(200, (this.opts.leaseSeconds * 1000) / 3);
    this.leaseTimer = setInterval(() => {
      this.leaseWork = this.leaseWork.then(() => this.tendLeases());
    }, every);
    this.leaseTimer.unref();
    this.loop.start();
  }

  /** Finishes the mails in flight, records them, then stops. */
  async stop() {
    await this.loop.stop();
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.leaseTimer = null;
    await this.leaseWork;
  }

  get isRunning() {
    return this.loop.isRunning;
  }

  wake() {
    this.loop.wake();
  }

  /**
   * Resolves the next time nothing is due, as seen by a claim made after this call (tests and
   * the bench wait on this): only a claim that started afterwards can have seen mail queued just before.
   */
  idle(): Promise<void> {
    return this.loop.idle();
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

  /**
   * One round: once the finished sends are worth a statement, records them and claims as many
   * due rows as there are free slots (none while stopping, or while the relay is down), hands
   * the claimed ones to SMTP, and answers how long to wait for the next round.
   */
  private async round(): Promise<number | typeof IDLE> {
    const groupWait = this.inFlight.size > 0 ? this.groupWaitMs() : 0;
    if (groupWait > 0) return groupWait;
    const running = this.loop.isRunning;
    const outcomes = this.finished.splice(0);
    const relayWaitMs = this.relayDown ? this.relayDown.until - Date.now() : 0;
    const want = running && relayWaitMs <= 0 ? this.opts.concurrency - (this.inFlight.size - outcomes.length) : 0;
    let claimed: ClaimedDelivery[];
    try {
      claimed = await recordAndClaim(this.db, { instanceId: this.instanceId, outcomes, want, leaseSeconds: this.opts.leaseSeconds, mintToken });
    } catch (err) {
      // keep the outcomes for the next try (the rows stay in flight, so the lease timer keeps
      // renewing them); the loop logs it and backs off
      this.finished.unshift(...outcomes);
      throw err;
    }
    for (const o of outcomes) this.inFlight.delete(o.id);
    await this.markBounces(outcomes);
    if (claimed.length > 0) {
      for (const row of claimed) this.inFlight.set(row.id, row);
      let band: string;
      try {
        [band] = await Promise.all([this.bandName(), this.loadContent(claimed)]);
      } catch (err) {
        // nothing was handed to SMTP: back to the queue
        this.app.log.warn({ err }, "newsletter queue: could not load the newsletter, trying again");
        for (const row of claimed) this.finish({ id: row.id, status: "pending", retryInMs: this.opts.pollMs, error: "Not sent yet: the database did not answer" });
        return 0;
      }
      for (const row of claimed) {
        void this.send(row, band).then((outcome) => {
          this.finish(outcome);
          this.loop.wake();
        });
      }
    }
    if (this.inFlight.size > 0) return this.groupWaitMs();
    if (!running) return 0; // stopped, and nothing left in flight: the loop ends
    // the relay is down: nothing was claimed this round; try one group again after the wait
    if (relayWaitMs > 0) return relayWaitMs;
    await this.completeFinished().catch((err) => this.app.log.warn({ err }, "newsletter queue: could not update the newsletters' status"));
    return IDLE;
  }

  private finish(outcome: DeliveryOutcome) {
    if (this.finished.length === 0) this.firstDoneAt = performance.now();
    this.finished.push(outcome);
  }

  /**
   * How long to wait before the finished sends are worth a statement: 0 once all of those in
   * flight are done or the first of them has waited GROUP_WAIT_MS (a slow server must not hold
   * the free slots for long). Recording mails one by one would cost a statement each, and the
   * database is the costly part. A finished send wakes the loop, which asks again.
   */
  private groupWaitMs(): number {
    if (this.finished.length >= this.inFlight.size) return 0;
    if (this.finished.length === 0) return this.opts.pollMs;
    return Math.max(0, GROUP_WAIT_MS - (performance.now() - this.firstDoneAt));
  }

  private async bandName(): Promise<string> {
    if (!this.band || Date.now() - this.band.at > BAND_NAME_TTL_MS) this.band = { name: await bandName(this.app), at: Date.now() };
    return this.band.name;
  }

  private async loadContent(rows: ClaimedDelivery[]) {
    const missing = [...new Set(rows.map((r) => r.newsletterId))].filter((id) => !this.content.has(id));
    if (missing.length === 0) return;
    await analyzeQueue(this.db).catch((err) => this.app.log.warn({ err }, "newsletter queue: analyze failed"));
    const [found, counted] = await Promise.all([contentToSend(this.db, missing), newsletterClickCounting(this.db)]);
    // the words as every fan gets them: with the setting on, links lead through /go/newsletter (links.ts)
    for (const [id, content] of found) this.content.set(id, counted ? withCountedLinks(content, id, this.app.config.PUBLIC_URL) : content);
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

  /** Marks the newsletters with no row left to send done, and forgets what was kept for them. */
  private async completeFinished() {
    for (const id of await completeFinishedNewsletters(this.db)) {
      this.content.delete(id);
      for (const k of this.prepared.keys()) if (k.startsWith(`${id}\u0000`)) this.prepared.delete(k);
    }
  }
}

const nextToken = tokenSource();
function mintToken() {
  const token = nextToken();
  return { token, hash: hashToken(token) };
}
