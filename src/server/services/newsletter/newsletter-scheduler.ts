import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { newsletters } from "../../db/schema";
import { queueDeliveries } from "./delivery-queue";

/** How many due newsletters one check starts (the rest wait for the next check, a second later). */
const BATCH = 10;

/**
 * Starts the scheduled newsletters whose time has come: in one transaction each moves from
 * 'scheduled' to 'queued' and gets one pending delivery per subscriber who matches *now* (fans
 * who joined or left since it was scheduled are respected). Rows are taken FOR UPDATE SKIP
 * LOCKED and the update re-checks the status, so with several instances (or a check that
 * overlaps a cancel) each newsletter is started exactly once; a crash before the commit leaves
 * it scheduled for the next check. A newsletter no one matches any more is done with 0 recipients.
 */
export async function startDueNewsletters(db: Db, limit = BATCH): Promise<{ id: number; recipients: number }[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: newsletters.id })
      .from(newsletters)
      .where(and(eq(newsletters.status, "scheduled"), lte(newsletters.scheduledAt, sql`now()`)))
      .orderBy(asc(newsletters.scheduledAt), asc(newsletters.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const started = await tx
      .update(newsletters)
      .set({ status: "queued" })
      .where(and(inArray(newsletters.id, due.map((d) => d.id)), eq(newsletters.status, "scheduled")))
      .returning({ id: newsletters.id, targetShows: newsletters.targetShows, targetReleases: newsletters.targetReleases, targetMerch: newsletters.targetMerch, regions: newsletters.regions });
    const result: { id: number; recipients: number }[] = [];
    for (const n of started) result.push({ id: n.id, recipients: await queueDeliveries(tx, n.id, n) });
    return result;
  });
}

/**
 * Looks for due scheduled newsletters every `everyMs` while the app's newsletter workers run
 * (services/newsletter/workers.ts starts and stops it) and wakes the workers after starting one.
 * Checks never overlap; a failed check (the database restarting) is logged and tried again.
 */
export class NewsletterScheduler {
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: { everyMs: number; onStarted: () => void },
  ) {}

  get isRunning() {
    return this.timer !== null;
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.opts.everyMs);
    // the timer alone must not keep the process alive (the app's close stops it anyway)
    this.timer.unref();
    void this.check();
  }

  /** Stops the timer and waits for a check under way, so nothing runs after the app closes. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking;
  }

  /** One check now (the timer's; also handy in tests). */
  check(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async runCheck() {
    try {
      const started = await startDueNewsletters(this.app.database.db);
      for (const n of started) this.app.log.info({ newsletterId: n.id, recipients: n.recipients }, "scheduled newsletter started");
      if (started.length > 0) this.opts.onStarted();
    } catch (err) {
      this.app.log.warn({ err }, "scheduled newsletters: check failed, trying again");
    }
  }
}
