import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { showsApi } from "@shared/api/shows";
import { announcementDraft } from "@shared/show-announcement";
import { shows } from "../../db/schema";
import { htmlToText, sanitizeNewsletterHtml } from "../../mail/html";
import { nearbyShowWords, presaleNearbyWords } from "../../mail/templates";
import { IDLE, PollingWorker } from "../../services/polling-worker";
import { bandName, bandTimeZone } from "../../services/settings";
import { aheadInBandTime, showDayWords } from "../presale/words";
import { bandToday } from "../rsvps/band-time";
import { queueNewsletterIn } from "../newsletter/queue";

/** How often the round looks for a due nearby mail when nothing woke it (a 9:00 mail, or a presale's start, is sent within this). */
const POLL_MS = 30_000;

type ShowRow = typeof shows.$inferSelect;
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

type Tx = Parameters<typeof queueNewsletterIn>[0];

/** A mail to the verified fans with the shows interest within `miles` of show `showId`, queued as a newsletter in `tx`. */
function queueNearbyMail(tx: Tx, words: { subject: string; content: string }, showId: number, miles: number) {
  const contentHtml = sanitizeNewsletterHtml(words.content);
  return queueNewsletterIn(tx, {
    subject: words.subject,
    contentHtml,
    contentText: htmlToText(contentHtml),
    targetShows: true,
    targetReleases: false,
    targetMerch: false,
    nearShowId: showId,
    nearMiles: miles,
    createdBy: null,
  });
}

/**
 * One round of 'tell fans near it' (issue 24): claims one show whose nearby mail is due and not
 * sent, with one UPDATE ... RETURNING (FOR UPDATE SKIP LOCKED: two instances never take the same
 * show), and in the same transaction queues the mail as a newsletter to verified, subscribed fans
 * with the shows interest within the show's radius, and records how many it reached. A crash
 * before the commit leaves the show unclaimed for the next round; after it, the newsletter's own
 * queue delivers exactly once. A show not placed, cancelled, or already played (a past date
 * entered for the archive) is marked told with 0 fans.
 * Answers whether it told one (so the caller looks again at once) or found none due.
 */
export async function tellFansNearby(app: FastifyInstance, now: Date): Promise<{ showId: number; recipients: number } | null> {
  const [band, timeZone] = await Promise.all([bandName(app), bandTimeZone(app.db)]);
  const result = await app.db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      update ${shows} set nearby_told_at = ${now.toISOString()}::timestamptz, nearby_told_count = 0
      where id = (
        select id from ${shows}
        where nearby_told_at is null and nearby_due_at is not null and nearby_due_at <= ${now.toISOString()}::timestamptz
        order by nearby_due_at, id limit 1 for update skip locked)
      returning id, venue, location, date, time, price, age_restriction, supporting_acts, event_url, status, lat, lng, announce_nearby_miles, on_sale_at`);
    const row = rowsOf(claimed)[0] as
      | { id: number; venue: string; location: string; date: string; time: string; price: string; age_restriction: string; supporting_acts: string; event_url: string | null; status: ShowRow["status"]; lat: number | null; lng: number | null; announce_nearby_miles: number | null; on_sale_at: Date | string | null }
      | undefined;
    if (!row) return null;
    // a show already played (entered for the archive) is not news: 'playing near you' would be wrong
    const over = String(row.date).slice(0, 10) < bandToday(now, timeZone);
    if (row.lat === null || row.lng === null || !row.announce_nearby_miles || row.status === "cancelled" || over) return { showId: row.id, recipients: 0 };
    const draft = announcementDraft(
      { venue: row.venue, location: row.location, date: String(row.date).slice(0, 10), time: row.time, price: String(row.price), ageRestriction: row.age_restriction, supportingActs: row.supporting_acts, eventUrl: row.event_url, status: row.status },
      band,
      // not on sale yet: the mail gives the time, as the site does, instead of 'Get tickets'
      aheadInBandTime(row.on_sale_at === null ? null : new Date(row.on_sale_at), timeZone, now),
    );
    const calendarUrl = new URL(showsApi.showCalendar(row.id), app.config.PUBLIC_URL).toString();
    const words = nearbyShowWords({ draft, bandName: band, venue: row.venue, calendarUrl });
    const queued = await queueNearbyMail(tx, words, row.id, row.announce_nearby_miles);
    await tx.execute(sql`update ${shows} set nearby_told_count = ${queued.recipients}, nearby_newsletter_id = ${queued.id} where id = ${row.id}`);
    return { showId: row.id, recipients: queued.recipients };
  });
  if (result && result.recipients > 0) app.newsletterWorker.wake();
  return result;
}

/**
 * The other half of the round: a show set to 'send the code to fans near it' whose presale has
 * started (its `presale_starts_at` passed, or none: on now) gets its code mailed, once, as a
 * newsletter to verified fans with the shows interest within the radius; claimed and queued in one
 * commit like the nearby mail. A show without its code by then, not placed, cancelled, sold out
 * or past is marked sent to 0 fans. The code lives in that newsletter's content (the admin's
 * newsletter list shows it, as it shows the show's code); never in a log line.
 */
export async function sendPresaleNearby(app: FastifyInstance, now: Date): Promise<{ showId: number; recipients: number } | null> {
  const [band, timeZone] = await Promise.all([bandName(app), bandTimeZone(app.db)]);
  const result = await app.db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      update ${shows} set presale_nearby_told_at = ${now.toISOString()}::timestamptz, presale_nearby_told_count = 0
      where id = (
        select id from ${shows}
        where presale_nearby_told_at is null and presale_nearby_miles is not null
          and coalesce(presale_starts_at, '-infinity'::timestamptz) <= ${now.toISOString()}::timestamptz
        order by presale_starts_at nulls first, id limit 1 for update skip locked)
      returning id, venue, location, date, time, event_url, status, lat, lng, presale_code, presale_nearby_miles, on_sale_at`);
    const row = rowsOf(claimed)[0] as
      | { id: number; venue: string; location: string; date: string; time: string; event_url: string | null; status: ShowRow["status"]; lat: number | null; lng: number | null; presale_code: string | null; presale_nearby_miles: number; on_sale_at: string | Date | null }
      | undefined;
    if (!row) return null;
    const date = String(row.date).slice(0, 10);
    const over = date < bandToday(now, timeZone);
    if (row.lat === null || row.lng === null || !row.presale_code || row.status !== "scheduled" || over) return { showId: row.id, recipients: 0 };
    const words = presaleNearbyWords({
      bandName: band,
      venue: row.venue,
      location: row.location,
      day: showDayWords(date),
      time: row.time,
      code: row.presale_code,
      onSaleAt: aheadInBandTime(row.on_sale_at ? new Date(row.on_sale_at) : null, timeZone, now),
      ticketUrl: row.event_url,
      showsUrl: new URL("/shows", app.config.PUBLIC_URL).toString(),
    });
    const queued = await queueNearbyMail(tx, words, row.id, row.presale_nearby_miles);
    await tx.execute(sql`update ${shows} set presale_nearby_told_count = ${queued.recipients}, presale_nearby_newsletter_id = ${queued.id} where id = ${row.id}`);
    return { showId: row.id, recipients: queued.recipients };
  });
  if (result && result.recipients > 0) app.newsletterWorker.wake();
  return result;
}

/** The server's round (every instance runs one; the claim keeps each show to one of them). */
export function nearbyAnnouncer(app: FastifyInstance): PollingWorker {
  return new PollingWorker({
    round: async () => {
      const now = app.places.now();
      const told = await tellFansNearby(app, now);
      if (told) app.log.info(told, "places: fans near a show told");
      const coded = await sendPresaleNearby(app, now);
      if (coded) app.log.info(coded, "places: presale code sent to fans near a show");
      return told || coded ? 0 : IDLE;
    },
    pollMs: POLL_MS,
    retryMs: (failures) => Math.min(5_000 * failures, 5 * 60_000),
    log: app.log,
    failed: "places: telling fans near a show failed; trying again",
  });
}
