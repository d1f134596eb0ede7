import type { FastifyInstance } from "fastify";
import { webhookPausedMail } from "../../mail/templates";
import { sendInBackground } from "../../services/mailer";
import { IDLE, PollingWorker } from "../../services/polling-worker";
import { activeAdminAddresses } from "../../services/admin-addresses";
import { bandName } from "../../services/settings";
import { bodyFor } from "./formats";
import { claimDue, pruneDeliveries, recordFailure, recordSuccess, retryDelayMs, RETRY_FOR_MS, type Claimed } from "./repository";
import { attempt, WEBHOOK_TIMEOUT_MS } from "./sender";

/*
 * The delivery worker (issue 26, decision 040): each round claims due deliveries (a lease per
 * claim, repository.ts), sends them at once (each its own 10 s limit) and records each answer
 * under its claim. Exactly one accepted delivery per event and endpoint: a row is 'delivered'
 * by the one statement that holds its claim, and a delivered row is never claimed again; an
 * instance that dies between the send and the record leaves the row 'sending' until its lease
 * runs out, then any instance sends it again with the same webhook-id (at least once, as the
 * Standard Webhooks specification allows; the receiver drops the duplicate by its id).
 */

export interface WebhookWorkerOptions {
  /** how often a round looks for due deliveries when the last found none (default 1 s: an event goes out within about a second) */
  pollMs?: number;
  /** deliveries claimed per round */
  batchSize?: number;
  /** the claim's lease (default WEBHOOK_LEASE_SECONDS): longer than the timeout, so a live instance always records before another may take the row */
  leaseSeconds?: number;
  timeoutMs?: number;
  /** the wait before the next attempt after `attempts` tries (tests shorten it) */
  retryDelayMs?: (attempts: number) => number;
  /** how long a delivery is retried, and how long an endpoint fails before it is paused (default a day) */
  retryForMs?: number;
}

export const WEBHOOK_POLL_MS = 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** One round: claim, send, record. Answers how many it claimed. */
export async function webhookRound(app: FastifyInstance, opts: WebhookWorkerOptions = {}): Promise<number> {
  const batch = opts.batchSize ?? 10;
  const claimed = await claimDue(app.db, batch, opts.leaseSeconds ?? app.config.WEBHOOK_LEASE_SECONDS);
  if (claimed.length === 0) return 0;
  const band = await bandName(app);
  await Promise.all(claimed.map((c) => deliver(app, c, band, opts)));
  return claimed.length;
}

async function deliver(app: FastifyInstance, c: Claimed, band: string, opts: WebhookWorkerOptions) {
  const result = await attempt({
    url: c.url,
    secret: c.secret,
    eventId: c.eventId,
    body: bodyFor(c.format, c.body, band),
    allowPrivate: app.config.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
  });
  if (result.ok) {
    await recordSuccess(app.db, c, result.status!);
    return;
  }
  const { pausedEndpoint } = await recordFailure(app.db, c, { statusCode: result.status, error: result.error ?? "failed" }, {
    retryDelayMs: opts.retryDelayMs ?? retryDelayMs,
    retryForMs: opts.retryForMs ?? RETRY_FOR_MS,
    pauseAfterMs: opts.retryForMs ?? RETRY_FOR_MS,
  });
  // the host only: a chat's webhook URL carries its token
  app.log.warn({ deliveryId: c.id, endpointId: c.endpointId, host: hostOf(c.url), attempts: c.attempts, status: result.status, error: result.error }, "webhook delivery failed");
  if (pausedEndpoint) tellAdminsOfPause(app, c.url, result.error);
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "?";
  }
}

/** The admins (active, with an address) are mailed once, by the instance whose statement paused the endpoint. */
function tellAdminsOfPause(app: FastifyInstance, url: string, lastError: string | null) {
  app.log.warn({ host: hostOf(url) }, "webhook endpoint paused after a day of failures");
  sendInBackground(
    app,
    async () => {
      const admins = await activeAdminAddresses(app.db);
      const band = await bandName(app);
      return admins.map((to) => webhookPausedMail({ bandName: band, to, host: hostOf(url), lastError, settingsUrl: `${app.config.PUBLIC_URL}/admin/settings/notifications` }));
    },
    "webhook paused notice",
  );
}

/** The server's loop of rounds on services/polling-worker.ts. */
export function webhookWorker(app: FastifyInstance, opts: WebhookWorkerOptions = {}): PollingWorker {
  const pollMs = opts.pollMs ?? WEBHOOK_POLL_MS;
  const batch = opts.batchSize ?? 10;
  let prunedAt = 0;
  return new PollingWorker({
    round: async () => {
      // finished deliveries older than 30 days go, once an hour (the page shows the latest ten)
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneDeliveries(app.db);
      }
      return (await webhookRound(app, { ...opts, batchSize: batch })) === batch ? 0 : IDLE;
    },
    pollMs,
    retryMs: (failures) => Math.min(pollMs * 2 ** failures, 60_000),
    log: app.log,
    failed: "webhooks: round failed, trying again",
    unref: true,
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** Starts and wakes webhook delivery workers (modules/webhooks/worker.ts). */
    webhookWorker: WebhookWorkers;
  }
}

/**
 * `app.webhookWorker`: the server starts one (the module's background); tests start theirs with
 * their own options, several on one app to play several instances. wake() cuts the waits short
 * (a resend, a resumed endpoint). The app's close stops what still runs.
 */
export class WebhookWorkers {
  private readonly running = new Set<PollingWorker>();

  constructor(private readonly app: FastifyInstance) {}

  start(opts: WebhookWorkerOptions = {}): PollingWorker {
    const worker = webhookWorker(this.app, opts);
    this.running.add(worker);
    worker.start();
    return worker;
  }

  wake(): void {
    for (const w of this.running) w.wake();
  }

  async stop(worker?: PollingWorker): Promise<void> {
    const which = worker ? [worker] : [...this.running];
    await Promise.all(which.map((w) => w.stop()));
    for (const w of which) this.running.delete(w);
  }
}
