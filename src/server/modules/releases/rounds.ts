import type { FastifyInstance } from "fastify";
import { RELEASE_TYPE_LABELS, SERVICE_LABELS } from "@shared/release-services";
import { outboundLinks } from "@shared/api/stats";
import { formatDateTime } from "@shared/format";
import { RateLimiter } from "../../mail/rate-limiter";
import { classifySendError } from "../../mail/send-errors";
import { releaseOutMail, type ReleaseInMail } from "../../mail/templates";
import { loadSiteInfo } from "../../services/pages/site-info";
import { IDLE, PollingWorker } from "../../services/polling-worker";
import { announceOutReleases, claimDueNotifies, giveBackNotify, nextDueAt, releasesByIds } from "./repository";

type ReleaseRow = Awaited<ReturnType<typeof releasesByIds>> extends Map<number, infer R> ? R : never;

/** A release as its mails name it: 'EP', when it is out in the band's time zone, its page. */
export function releaseInMail(r: Pick<ReleaseRow, "title" | "type" | "releaseAt" | "slug">, timeZone: string, publicUrl: string): ReleaseInMail {
  const kind = RELEASE_TYPE_LABELS[r.type];
  return { title: r.title, kind: kind === "EP" ? kind : kind.toLowerCase(), outAt: formatDateTime(r.releaseAt, timeZone), pageUrl: `${publicUrl}/releases/${r.slug}` };
}

export interface OutRoundOptions {
  /** the clock (tests set it instead of waiting) */
  now?: () => Date;
  batchSize?: number;
  limiter?: RateLimiter;
}

/**
 * One round of 'out now' mails (issue 25): every confirmed address of a published release whose
 * releaseAt has come gets one mail with the links. Each is claimed by one statement before it
 * is sent (repository.ts, claimDueNotifies), so it goes out once across instances and restarts;
 * a send refused for now (a 4xx, no connection) is given back for a later round, any other
 * failure is logged and left (a mail whose outcome is unknown is never sent twice).
 */
export async function releaseOutRound(app: FastifyInstance, opts: OutRoundOptions = {}): Promise<{ sent: number; more: boolean }> {
  const now = (opts.now ?? (() => new Date()))();
  const limiter = opts.limiter ?? new RateLimiter(app.config.MAIL_RATE_PER_SECOND);
  const batch = opts.batchSize ?? 50;
  // the band's chat hears of it once (release.published), whoever asked to be told
  const announced = await announceOutReleases(app.db, now, app.config.PUBLIC_URL);
  if (announced > 0) app.log.info({ announced }, "releases out: release.published raised");
  const claimed = await claimDueNotifies(app.db, batch, now);
  if (claimed.length === 0) return { sent: 0, more: false };
  const site = await loadSiteInfo(app);
  const rows = await releasesByIds(app.db, claimed.map((c) => c.releaseId));
  let sent = 0;
  for (const fan of claimed) {
    const release = rows.get(fan.releaseId);
    if (!release) continue; // deleted since the claim: its addresses went with it
    const mail = releaseOutMail({
      bandName: site.bandName,
      to: fan.email,
      release: releaseInMail(release, site.timeZone, app.config.PUBLIC_URL),
      // each through the counted link, as the page's buttons
      links: release.links.map((l) => ({ label: `Listen on ${SERVICE_LABELS[l.service]}`, url: `${app.config.PUBLIC_URL}${outboundLinks.release(release.id, l.service)}` })),
    });
    await limiter.take();
    try {
      await app.mailer.send(mail);
      sent++;
    } catch (err) {
      if (classifySendError(err) === "retry") {
        await giveBackNotify(app.db, fan.id);
        app.log.warn({ err, notifyId: fan.id }, "release 'out now' mail not sent: will try again");
      } else {
        app.log.error({ err, notifyId: fan.id }, "release 'out now' mail not sent");
      }
    }
  }
  return { sent, more: claimed.length === batch };
}

/** How often the server's round looks when no release is due sooner (a release due earlier wakes it at its instant). */
export const OUT_POLL_MS = 60_000;

/** The server's loop: a round at each release's instant (or every OUT_POLL_MS), one at a time. */
export function releaseOutWorker(app: FastifyInstance, opts: OutRoundOptions & { pollMs?: number } = {}): PollingWorker {
  const limiter = new RateLimiter(app.config.MAIL_RATE_PER_SECOND);
  const pollMs = opts.pollMs ?? OUT_POLL_MS;
  const clock = opts.now ?? (() => new Date());
  return new PollingWorker({
    round: async () => {
      const { sent, more } = await releaseOutRound(app, { ...opts, limiter });
      if (sent > 0) app.log.info({ sent }, "release 'out now' mails sent");
      if (more) return 0;
      const now = clock();
      const next = await nextDueAt(app.db, now);
      // wake at the next release's instant when it comes before the next poll
      return next && next.getTime() - now.getTime() < pollMs ? Math.max(0, next.getTime() - now.getTime()) : IDLE;
    },
    pollMs,
    retryMs: (failures) => Math.min(pollMs * failures, 10 * pollMs),
    log: app.log,
    failed: "release 'out now' mails: round failed, trying again",
    unref: true,
  });
}
