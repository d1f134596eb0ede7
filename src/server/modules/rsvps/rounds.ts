import type { FastifyInstance } from "fastify";
import { rsvpsApi } from "@shared/api/rsvps";
import { sellsTickets } from "@shared/show-status";
import { RateLimiter } from "../../mail/rate-limiter";
import { classifySendError } from "../../mail/send-errors";
import { rsvpNoticeMail, rsvpReminderMail, type ShowChange } from "../../mail/templates";
import type { OutgoingMail } from "../../mail/transport";
import { loadSiteInfo } from "../../services/pages/site-info";
import { IDLE, PollingWorker } from "../../services/polling-worker";
import { showsCalendar } from "../shows/calendar";
import { reminderDay, showInMail } from "./band-time";
import { claimDueNotices, claimDueReminders, newLeaveToken, releaseNotice, releaseReminder, showsByIds, type ShowState } from "./repository";

export interface RsvpRoundOptions {
  /** the clock: the reminders' noon is read from it (tests set it instead of waiting for a day) */
  now?: () => Date;
  /** RSVPs claimed per kind of mail and round */
  batchSize?: number;
  /** spaces the sends (MAIL_RATE_PER_SECOND); the server's loop keeps one across rounds */
  limiter?: RateLimiter;
}

export interface RsvpRoundResult {
  notices: number;
  reminders: number;
  /** a batch was full: more may be due at once */
  more: boolean;
}

/** What a fan who is going is told: the show as they knew it (`was`) against the show now. */
export function changeOf(was: ShowState, now: ShowState): ShowChange {
  if (now.status === "cancelled") return "cancelled";
  if (now.status === "postponed" && was.status !== "postponed") return "postponed";
  if (was.status === "cancelled" || (was.status === "postponed" && now.status !== "postponed")) return "on-again";
  return "moved";
}

/**
 * One round of the RSVP mails (issue 24): first the notices of shows that were cancelled,
 * postponed or moved since each fan was last told, then the reminders of tomorrow's shows (from
 * noon band time). Each is claimed by one statement (repository.ts) before its mail goes out, so
 * it goes out once across instances and restarts; a send that failed for a reason worth retrying
 * (a 4xx, no connection) is given back for a later round, any other failure is logged and left
 * (a mail whose outcome is unknown is never sent twice).
 */
export async function rsvpRound(app: FastifyInstance, opts: RsvpRoundOptions = {}): Promise<RsvpRoundResult> {
  const now = (opts.now ?? (() => new Date()))();
  const limiter = opts.limiter ?? new RateLimiter(app.config.MAIL_RATE_PER_SECOND);
  const batch = opts.batchSize ?? 50;
  const site = await loadSiteInfo(app);
  const showsUrl = `${app.config.PUBLIC_URL}/shows`;

  // 'Can't make it?': a link of its own in each mail; undefined when the RSVP is gone since its
  // claim (the fan left, the show was deleted), and then no mail goes
  const leaveUrl = async (rsvpId: number) => {
    const token = await newLeaveToken(app.db, rsvpId);
    return token ? `${app.config.PUBLIC_URL}${rsvpsApi.leavePage}?token=${encodeURIComponent(token)}` : undefined;
  };

  const notices = await claimDueNotices(app.db, batch, now);
  for (const notice of notices) {
    const change = changeOf(notice.was, notice.now);
    // a cancelled show has no list to leave
    const leave = change === "cancelled" ? null : await leaveUrl(notice.id);
    if (leave === undefined) continue;
    const mail = rsvpNoticeMail({
      bandName: site.bandName,
      to: notice.email,
      name: notice.name,
      change,
      was: showInMail(notice.was),
      now: showInMail(notice.now),
      showsUrl,
      leaveUrl: leave,
    });
    await send(app, limiter, mail, { rsvpId: notice.id, what: "rsvp notice" }, () => releaseNotice(app.db, notice));
  }

  const day = reminderDay(now, site.timeZone);
  const reminders = day ? await claimDueReminders(app.db, day, batch, now) : [];
  if (reminders.length > 0) {
    const rows = await showsByIds(app.db, reminders.map((r) => r.showId));
    for (const reminder of reminders) {
      const show = rows.get(reminder.showId);
      const leave = await leaveUrl(reminder.id);
      if (!show || leave === undefined) continue; // deleted since the claim: its RSVPs went with it
      const mail = rsvpReminderMail({
        bandName: site.bandName,
        to: reminder.email,
        name: reminder.name,
        show: showInMail(show),
        ticketUrl: sellsTickets(show.status) ? show.eventUrl : null,
        soldOut: show.status === "sold-out",
        showsUrl,
        // the calendar module's own iCalendar of the show (the same as 'Add to calendar')
        ics: showsCalendar(site, [show], `${site.bandName} at ${show.venue}`),
        leaveUrl: leave,
      });
      await send(app, limiter, mail, { rsvpId: reminder.id, what: "rsvp reminder" }, () => releaseReminder(app.db, reminder.id, day!));
    }
  }
  return { notices: notices.length, reminders: reminders.length, more: notices.length === batch || reminders.length === batch };
}

async function send(app: FastifyInstance, limiter: RateLimiter, mail: OutgoingMail, log: { rsvpId: number; what: string }, giveBack: () => Promise<void>) {
  await limiter.take();
  try {
    await app.mailer.send(mail);
  } catch (err) {
    if (classifySendError(err) === "retry") {
      await giveBack();
      app.log.warn({ err, rsvpId: log.rsvpId }, `${log.what} not sent: will try again`);
    } else {
      app.log.error({ err, rsvpId: log.rsvpId }, `${log.what} not sent`);
    }
  }
}

/** How often the server's round looks for due mails: a notice goes out within about a minute of the change. */
export const RSVP_POLL_MS = 60_000;

/** The server's loop of rounds (the module's background): one round at a time, errors logged and tried again. */
export function rsvpWorker(app: FastifyInstance, opts: RsvpRoundOptions & { pollMs?: number } = {}): PollingWorker {
  const limiter = new RateLimiter(app.config.MAIL_RATE_PER_SECOND);
  const pollMs = opts.pollMs ?? RSVP_POLL_MS;
  return new PollingWorker({
    round: async () => {
      const { notices, reminders, more } = await rsvpRound(app, { ...opts, limiter });
      if (notices + reminders > 0) app.log.info({ notices, reminders }, "rsvp mails sent");
      return more ? 0 : IDLE;
    },
    pollMs,
    retryMs: (failures) => Math.min(pollMs * failures, 10 * pollMs),
    log: app.log,
    failed: "rsvp mails: round failed, trying again",
    unref: true,
  });
}
