import type { FastifyBaseLogger } from "fastify";

/** What a round answers when it found nothing due: wait `pollMs`, and resolve the idle() waiters. */
export const IDLE = "idle";

export interface PollingWorkerOptions {
  /**
   * One round of work. Answers how long to wait before the next round, in ms (0: at once), or
   * IDLE when nothing was due. A wake() ends the wait early.
   */
  round: () => Promise<number | typeof IDLE>;
  /** the wait after an IDLE round */
  pollMs: number;
  /** the wait after a round that threw, given how many rounds in a row have thrown (1, 2, ...) */
  retryMs: (failures: number) => number;
  log: FastifyBaseLogger;
  /** what the log says when a round threw (with the error); it is tried again after retryMs */
  failed: string;
  failedLevel?: "warn" | "error";
  /** after stop(): whether rounds must go on to finish work already started (default: no) */
  unfinished?: () => boolean;
  /** the waits alone do not keep the process alive */
  unref?: boolean;
}

/**
 * The loop every background sender of this server runs: one round at a time, a wait between
 * rounds that wake() cuts short (a wake() during a round makes the next wait end at once, so it
 * is never lost), an error logged and the round tried again after a growing wait, and stop()
 * waiting for the round under way. Several instances each run their own: what keeps them from
 * doing the same work twice is the round's own statement (a claim with FOR UPDATE SKIP LOCKED,
 * a status check in the update), never this loop.
 */
export class PollingWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private rounds = 0;
  /** waiters of idle(), each with the round under way when it asked (only a later round counts) */
  private idleWaiters: { after: number; resolve: () => void }[] = [];

  constructor(private readonly opts: PollingWorkerOptions) {}

  get isRunning() {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Ends the loop once the round under way (and, with `unfinished`, the work it left) is done. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.loop = null;
  }

  /** Cuts the current wait short (or the next one, during a round). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Resolves once a round begun after this call finds nothing due (or the loop stops). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push({ after: this.rounds, resolve });
      this.wake();
    });
  }

  private async run() {
    let failures = 0;
    while (this.running || this.opts.unfinished?.()) {
      const round = ++this.rounds;
      this.woken = false;
      let waitMs: number;
      try {
        const answer = await this.opts.round();
        failures = 0;
        if (answer === IDLE) {
          this.resolveIdleWaiters(round);
          waitMs = this.opts.pollMs;
        } else waitMs = answer;
      } catch (err) {
        failures++;
        this.opts.log[this.opts.failedLevel ?? "warn"]({ err }, this.opts.failed);
        waitMs = this.opts.retryMs(failures);
      }
      if (waitMs > 0 && (this.running || this.opts.unfinished?.())) await this.sleep(waitMs);
    }
    for (const w of this.idleWaiters.splice(0)) w.resolve();
  }

  private resolveIdleWaiters(round: number) {
    const ready = this.idleWaiters.filter((w) => w.after < round);
    this.idleWaiters = this.idleWaiters.filter((w) => w.after >= round);
    for (const w of ready) w.resolve();
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      if (this.opts.unref) timer.unref();
      const wakeUp = () => done();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = wakeUp;
    }).finally(() => {
      this.wakeUp = null;
    });
  }
}
