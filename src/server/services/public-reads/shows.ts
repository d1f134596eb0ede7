import { asc, desc, eq, getTableColumns, gte, lt, sql } from "drizzle-orm";
import { todayIso } from "@shared/format";
import type { Db } from "../../db/client";
import { rsvps, shows } from "../../db/schema";

/** Optional paging; without it a list is whole. */
export interface Page {
  limit?: number;
  offset?: number;
}

const { presaleCode: _code, ...everyoneSees } = getTableColumns(shows);
/**
 * The columns of a public read (issue 24): every column but the presale code, which never leaves
 * the database on a public read (answers, pages, feeds), whether there is one, and how many fans
 * confirmed they're going.
 */
const publicColumns = {
  ...everyoneSees,
  hasPresale: sql<boolean>`${shows.presaleCode} is not null`.mapWith(Boolean),
  // spelled out: in a one-table select Drizzle names columns without their table, which would
  // read rsvps.id for shows.id inside the subquery
  rsvps: sql<number>`(select count(*) from ${rsvps} as r where r.show_id = ${shows}.id and r.confirmed_at is not null)`.mapWith(Number),
};
export type PublicShowRow = Awaited<ReturnType<typeof listShowsSince>>[number];

/** Every show by date (then id, so same-day shows keep a stable order). */
export function listShows(db: Db, page: Page = {}) {
  const query = db.select(publicColumns).from(shows).orderBy(asc(shows.date), asc(shows.id)).$dynamic();
  return paged(query, page);
}

/** Shows dated today or later, by date. "Today" is the server's local date. */
export function listUpcomingShows(db: Db, today = todayIso(), page: Page = {}) {
  const query = db.select(publicColumns).from(shows).where(gte(shows.date, today)).orderBy(asc(shows.date), asc(shows.id)).$dynamic();
  return paged(query, page);
}

/** Shows dated before today, newest first (the archive on /shows). */
export function listPastShows(db: Db, today = todayIso(), page: Page = {}) {
  const query = db.select(publicColumns).from(shows).where(lt(shows.date, today)).orderBy(desc(shows.date), desc(shows.id)).$dynamic();
  return paged(query, page);
}

/** Shows dated `since` or later, by date: the calendar feed's window. */
export function listShowsSince(db: Db, since: string) {
  return db.select(publicColumns).from(shows).where(gte(shows.date, since)).orderBy(asc(shows.date), asc(shows.id));
}

/** One show as everyone may see it (its own calendar file), or null. */
export async function findPublicShow(db: Db, id: number) {
  const [row] = await db.select(publicColumns).from(shows).where(eq(shows.id, id)).limit(1);
  return row ?? null;
}

function paged<Q extends { limit(n: number): Q; offset(n: number): Q }>(query: Q, page: Page): Q {
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  return query;
}
