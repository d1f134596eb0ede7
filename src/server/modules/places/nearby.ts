import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { showsApi } from "@shared/api/shows";
import { announcementDraft } from "@shared/show-announcement";
import { shows } from "../../db/schema";
import { htmlToText, sanitizeNewsletterHtml } from "../../mail/html";
import { nearbyShowWords } from "../../mail/templates";
import { IDLE, PollingWorker } from "../../services/polling-worker";
import { bandName } from "../../services/settings";
import { queueNewsletterIn } from "../newsletter/queue";

/** How often the round looks for a due nearby mail when nothing woke it (a 9:00 mail leaves within this). */
const POLL_MS = 30_000;

type ShowRow = typeof shows.$inferSelect;
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/**
 * One round of 'tell fans near it' (issue 24): claims one show whose nearby mail is due and not
 * sent, with one UPDATE ... RETURNING (FOR UPDATE SKIP LOCKED: two instances never take the same
 * show), and in the same transaction queues the mail as a newsletter to verified, subscribed fans
 * with the shows interest within the show's radius, and records how many it reached. A crash
 * before the commit leaves the show unclaimed for the next round; after it, the newsletter's own
 * queue delivers exactly once. A show not placed, or cancelled, is marked told with 0 fans.
 * Answers whether it told one (so the caller looks again at once) or found none due.
 */
export async function tellFansNearby(app: FastifyInstance, now: Date): Promise<{ showId: number; recipients: number } | null> {
  const band = await bandName(app);
  const result = await app.db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      update ${shows} set nearby_told_at = ${now.toISOString()}::timestamptz, nearby_told_count = 0
      where id = (
        select id from ${shows}
        where nearby_told_at is null and nearby_due_at is not null and nearby_due_at <= ${now.toISOString()}::timestamptz
        order by nearby_due_at, id limit 1 for update skip locked)
      returning id, venue, location, date, time, price, age_restriction, supporting_acts, event_url, status, lat, lng, announce_nearby_miles`);
    const row = rowsOf(claimed)[0] as
      | { id: number; venue: string; location: string; date: string; time: string; price: string; age_restriction: string; supporting_acts: string; event_url: string | null; status: ShowRow["status"]; lat: number | null; lng: number | null; announce_nearby_miles: number | null }
      | undefined;
    if (!row) return null;
    if (row.lat === null || row.lng === null || !row.announce_nearby_miles || row.status === "cancelled") return { showId: row.id, recipients: 0 };
    const draft = announcementDraft(
      { venue: row.venue, location: row.location, date: String(row.date).slice(0, 10), time: row.time, price: String(row.price), ageRestriction: row.age_restriction, supportingActs: row.supporting_acts, eventUrl: row.event_url, status: row.status },
      band,
    );
    const calendarUrl = new URL(showsApi.showCalendar(row.id), app.config.PUBLIC_URL).toString();
    const words = nearbyShowWords({ draft, bandName: band, venue: row.venue, calendarUrl });
    const contentHtml = sanitizeNewsletterHtml(words.content);
    const queued = await queueNewsletterIn(tx, {
      subject: words.subject,
      contentHtml,
      contentText: htmlToText(contentHtml),
      targetShows: true,
      targetReleases: false,
      targetMerch: false,
      nearShowId: row.id,
      nearMiles: row.announce_nearby_miles,
      createdBy: null,
    });
    await tx.execute(sql`update ${shows} set nearby_told_count = ${queued.recipients}, nearby_newsletter_id = ${queued.id} where id = ${row.id}`);
    return { showId: row.id, recipients: queued.recipients };
  });
  if (result && result.recipients > 0) app.newsletterWorker.wake();
  return result;
}

/** The server's round (every instance runs one; the claim keeps each show to one of them). */
export function nearbyAnnouncer(app: FastifyInstance): PollingWorker {
  return new PollingWorker({
    round: async () => {
      const told = await tellFansNearby(app, app.places.now());
      if (!told) return IDLE;
      app.log.info(told, "places: fans near a show told");
      return 0;
    },
    pollMs: POLL_MS,
    retryMs: (failures) => Math.min(5_000 * failures, 5 * 60_000),
    log: app.log,
    failed: "places: telling fans near a show failed; trying again",
  });
}
