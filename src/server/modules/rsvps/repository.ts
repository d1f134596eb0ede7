import { and, asc, count, eq, getTableColumns, inArray, isNotNull, sql } from "drizzle-orm";
import type { ShowStatus } from "@shared/show-status";
import type { Db } from "../../db/client";
import { rsvpLeaveTokens, rsvps, shows } from "../../db/schema";
import { hashToken, newToken } from "../../lib/tokens";

/** The confirmation link works this long (as the mailing list's). */
export const RSVP_LINK_TTL_MS = 48 * 60 * 60 * 1000;
/** One confirmation mail per show and address per 10 minutes at most, whoever asks (the answer is the same). */
export const RSVP_RESEND_AFTER_MS = 10 * 60 * 1000;

type Row = typeof rsvps.$inferSelect;

/**
 * Records 'I'm going' and returns the raw token to mail, or null when no mail should go out (the
 * RSVP is confirmed already, or its last mail went out less than RSVP_RESEND_AFTER_MS ago). One
 * statement whatever the address, so a known one costs no extra round trip (a timing tell): an
 * insert whose conflict branch refreshes an unconfirmed RSVP with a new token. The caller
 * answers the same in every case.
 */
export async function saveRsvp(db: Db, input: { showId: number; email: string; name: string | null }, now = new Date()): Promise<string | null> {
  const token = newToken();
  const resendAfter = new Date(now.getTime() - RSVP_RESEND_AFTER_MS).toISOString();
  const [saved] = await db
    .insert(rsvps)
    .values({ showId: input.showId, email: input.email, name: input.name, tokenHash: hashToken(token), confirmSentAt: now })
    .onConflictDoUpdate({
      target: [rsvps.showId, rsvps.email],
      set: { name: sql`coalesce(excluded.name, ${rsvps.name})`, tokenHash: sql`excluded.token_hash`, confirmSentAt: sql`excluded.confirm_sent_at` },
      setWhere: sql`${rsvps.confirmedAt} is null and ${rsvps.confirmSentAt} <= ${resendAfter}::timestamptz`,
    })
    .returning({ id: rsvps.id });
  return saved ? token : null;
}

export type ConfirmResult =
  | { result: "confirmed" | "already"; showId: number }
  | { result: "invalid" | "expired" | "cancelled" | "past"; showId?: number };

/**
 * The mail's link. Only the request whose update sets confirmed_at confirms (a link opened twice,
 * or by two instances at once, confirms once); the same link opened again answers 'already'.
 * Confirming stores what the fan now knows of the show (told_*), the starting point of the
 * notices. A link past RSVP_LINK_TTL_MS, or for a show that is cancelled or over, confirms nothing.
 */
export async function confirmRsvp(db: Db, token: string, today: string, now = new Date()): Promise<ConfirmResult> {
  const hash = hashToken(token);
  const validSince = new Date(now.getTime() - RSVP_LINK_TTL_MS).toISOString();
  const [confirmed] = await db
    .update(rsvps)
    .set({
      confirmedAt: now,
      toldDate: sql`${shows.date}`,
      toldTime: sql`${shows.time}`,
      toldVenue: sql`${shows.venue}`,
      toldLocation: sql`${shows.location}`,
      toldStatus: sql`${shows.status}`,
    })
    .from(shows)
    .where(
      and(
        eq(rsvps.tokenHash, hash),
        sql`${rsvps.confirmedAt} is null`,
        sql`${rsvps.confirmSentAt} > ${validSince}::timestamptz`,
        eq(shows.id, rsvps.showId),
        sql`${shows.status} <> 'cancelled'`,
        sql`${shows.date} >= ${today}::date`,
      ),
    )
    .returning({ showId: rsvps.showId });
  if (confirmed) return { result: "confirmed", showId: confirmed.showId };
  // why not: read once, only for the words of the answer (the hash is the unique key: no timing to compare)
  const [row] = await db
    .select({ confirmedAt: rsvps.confirmedAt, showId: rsvps.showId, date: shows.date, status: shows.status })
    .from(rsvps)
    .innerJoin(shows, eq(shows.id, rsvps.showId))
    .where(eq(rsvps.tokenHash, hash))
    .limit(1);
  if (!row) return { result: "invalid" };
  if (row.confirmedAt) return { result: "already", showId: row.showId };
  if (row.status === "cancelled") return { result: "cancelled", showId: row.showId };
  if (row.date < today) return { result: "past", showId: row.showId };
  return { result: "expired", showId: row.showId };
}

/** Everyone who said they're going to a show (the admin's list and export), confirmed first, then by when. */
export async function listRsvps(db: Db, showId: number) {
  const rows = await db
    .select()
    .from(rsvps)
    .where(eq(rsvps.showId, showId))
    .orderBy(sql`${rsvps.confirmedAt} is null`, asc(rsvps.createdAt), asc(rsvps.id));
  return rows.map(toRsvp);
}

/** What the admin sees of an RSVP: never its token. */
export function toRsvp(r: Row) {
  return { id: r.id, email: r.email, name: r.name, confirmed: r.confirmedAt !== null, createdAt: r.createdAt, confirmedAt: r.confirmedAt, remindedAt: r.remindedAt };
}

/** Confirmed RSVPs per show, for the admin table's rows (shows without any are left out). */
export async function confirmedCounts(db: Db, showIds: number[]): Promise<Map<number, number>> {
  if (showIds.length === 0) return new Map();
  const rows = await db
    .select({ showId: rsvps.showId, n: count() })
    .from(rsvps)
    .where(and(inArray(rsvps.showId, showIds), isNotNull(rsvps.confirmedAt)))
    .groupBy(rsvps.showId);
  return new Map(rows.map((r) => [r.showId, Number(r.n)]));
}

/** The shows of claimed reminders, by id (the mail's words and its calendar file). */
export async function showsByIds(db: Db, ids: number[]) {
  // every column but the presale code: a reminder or notice never carries it (issue 24)
  const { presaleCode: _code, ...columns } = getTableColumns(shows);
  const rows = ids.length ? await db.select(columns).from(shows).where(inArray(shows.id, [...new Set(ids)])) : [];
  return new Map(rows.map((s) => [s.id, s]));
}

/** A show's state as a fan knows it (told_*) or as it is now. */
export interface ShowState {
  date: string;
  time: string;
  venue: string;
  location: string;
  status: ShowStatus;
}

export interface ClaimedRsvp {
  id: number;
  showId: number;
  email: string;
  name: string | null;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const claimedOf = (r: Record<string, unknown>): ClaimedRsvp => ({ id: Number(r.id), showId: Number(r.show_id), email: String(r.email), name: r.name === null ? null : String(r.name) });
const stateOf = (r: Record<string, unknown>, prefix: string): ShowState => ({
  date: String(r[`${prefix}date`]),
  time: String(r[`${prefix}time`]),
  venue: String(r[`${prefix}venue`]),
  location: String(r[`${prefix}location`]),
  status: String(r[`${prefix}status`]) as ShowStatus,
});

/**
 * Claims up to `want` confirmed RSVPs whose reminder is due: their show is on `showDate` (the
 * band's tomorrow, from noon on), still on (scheduled or sold out), and no reminder went out for
 * that date yet. One statement: the rows are locked with SKIP LOCKED and marked in the same
 * UPDATE, so two instances (or a round run twice) never claim the same one; a show moved to
 * another day is reminded again for its new date.
 */
export async function claimDueReminders(db: Db, showDate: string, want: number, now = new Date()): Promise<ClaimedRsvp[]> {
  const result = await db.execute(sql`
    with due as (
      select r.id from ${rsvps} r join ${shows} s on s.id = r.show_id
      where r.confirmed_at is not null
        and s.date = ${showDate}::date
        and s.status in ('scheduled', 'sold-out')
        and r.reminded_for is distinct from s.date
      order by r.id
      limit ${want}::integer
      for update of r skip locked
    )
    update ${rsvps} r set reminded_for = ${showDate}::date, reminded_at = ${now.toISOString()}::timestamptz
    from due where r.id = due.id
    returning r.id, r.show_id, r.email, r.name`);
  return rowsOf(result).map(claimedOf);
}

/** Gives a reminder back for a later round (its send failed for a reason worth retrying). */
export async function releaseReminder(db: Db, id: number, showDate: string) {
  await db
    .update(rsvps)
    .set({ remindedFor: null, remindedAt: null })
    .where(and(eq(rsvps.id, id), sql`${rsvps.remindedFor} = ${showDate}::date`));
}

/** A confirmed RSVP whose show changed since the fan was last told, claimed for its notice. */
export interface ClaimedNotice extends ClaimedRsvp {
  was: ShowState;
  now: ShowState;
}

/**
 * What is worth telling a fan who is going (issue 24): the show is cancelled or postponed and they
 * were not told so, it moved (day, time, venue or place; not while cancelled), or it is on again
 * after they were told it was off. Sold out, or back from sold out, is not news to them.
 */
const CHANGED = sql`(
  (s.status = 'cancelled' and r.told_status <> 'cancelled')
  or (s.status = 'postponed' and r.told_status <> 'postponed')
  or (s.status <> 'cancelled' and (s.date, s.time, s.venue, s.location) is distinct from (r.told_date, r.told_time, r.told_venue, r.told_location))
  or (r.told_status in ('cancelled', 'postponed') and s.status in ('scheduled', 'sold-out'))
)`;

/**
 * Claims up to `want` confirmed RSVPs whose show changed since the fan was last told, in one
 * statement: locked with SKIP LOCKED and brought up to date (told_* := the show as it is now) in
 * the same UPDATE, so each change is told to each fan once, whatever the number of instances, and
 * a later change is found again. Answers what the fan knew (`was`) and what is so now (`now`).
 */
export async function claimDueNotices(db: Db, want: number, now = new Date()): Promise<ClaimedNotice[]> {
  const result = await db.execute(sql`
    with due as (
      select r.id, r.told_date::text as was_date, r.told_time as was_time, r.told_venue as was_venue, r.told_location as was_location, r.told_status as was_status
      from ${rsvps} r join ${shows} s on s.id = r.show_id
      where r.confirmed_at is not null and r.told_status is not null and ${CHANGED}
      order by r.id
      limit ${want}::integer
      for update of r skip locked
    )
    update ${rsvps} r set told_date = s.date, told_time = s.time, told_venue = s.venue, told_location = s.location, told_status = s.status, told_at = ${now.toISOString()}::timestamptz
    from due, ${shows} s
    where r.id = due.id and s.id = r.show_id
    returning r.id, r.show_id, r.email, r.name,
      due.was_date, due.was_time, due.was_venue, due.was_location, due.was_status,
      s.date::text as now_date, s.time as now_time, s.venue as now_venue, s.location as now_location, s.status as now_status`);
  return rowsOf(result).map((r) => ({ ...claimedOf(r), was: stateOf(r, "was_"), now: stateOf(r, "now_") }));
}

/**
 * Gives a notice back for a later round (its send failed for a reason worth retrying): what the
 * fan was told goes back to `was`, unless another round has told them something since.
 */
export async function releaseNotice(db: Db, notice: ClaimedNotice) {
  const { was, now } = notice;
  await db
    .update(rsvps)
    .set({ toldDate: was.date, toldTime: was.time, toldVenue: was.venue, toldLocation: was.location, toldStatus: was.status })
    .where(
      and(
        eq(rsvps.id, notice.id),
        sql`(${rsvps.toldDate}, ${rsvps.toldTime}, ${rsvps.toldVenue}, ${rsvps.toldLocation}, ${rsvps.toldStatus}) = (${now.date}::date, ${now.time}, ${now.venue}, ${now.location}, ${now.status})`,
      ),
    );
}

/**
 * A new 'Can't make it?' link's token for one mail of an RSVP (stored hashed; every mail's link
 * works). Null when the RSVP is gone since its mail was claimed (the fan left, the show was
 * deleted): then there is no mail to send.
 */
export async function newLeaveToken(db: Db, rsvpId: number): Promise<string | null> {
  const token = newToken();
  const made = await db.execute(sql`
    insert into ${rsvpLeaveTokens} (token_hash, rsvp_id)
    select ${hashToken(token)}, id from ${rsvps} where id = ${rsvpId}
    returning rsvp_id`);
  return (made as unknown as { rows: unknown[] }).rows.length > 0 ? token : null;
}

/**
 * Takes the fan's name off the list of the show the link's RSVP is for: the RSVP goes (and its
 * links with it), so no reminder or notice follows. Answers its show, or null when the link is
 * unknown or the name was taken off already.
 */
export async function leaveRsvp(db: Db, token: string): Promise<{ showId: number } | null> {
  const [left] = await db
    .delete(rsvps)
    .where(inArray(rsvps.id, db.select({ id: rsvpLeaveTokens.rsvpId }).from(rsvpLeaveTokens).where(eq(rsvpLeaveTokens.tokenHash, hashToken(token)))))
    .returning({ showId: rsvps.showId });
  return left ?? null;
}
