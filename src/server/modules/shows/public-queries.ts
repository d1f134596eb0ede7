import { asc, gte } from "drizzle-orm";
import { todayIso } from "@shared/format";
import type { Db } from "../../db/client";
import { shows } from "../../db/schema";

/** Optional paging; without it a list is whole. */
export interface Page {
  limit?: number;
  offset?: number;
}

/** Every show by date (then id, so same-day shows keep a stable order). */
export function listShows(db: Db, page: Page = {}) {
  const query = db.select().from(shows).orderBy(asc(shows.date), asc(shows.id)).$dynamic();
  return paged(query, page);
}

/** Shows dated today or later, by date. "Today" is the server's local date. */
export function listUpcomingShows(db: Db, today = todayIso(), page: Page = {}) {
  const query = db.select().from(shows).where(gte(shows.date, today)).orderBy(asc(shows.date), asc(shows.id)).$dynamic();
  return paged(query, page);
}

function paged<Q extends { limit(n: number): Q; offset(n: number): Q }>(query: Q, page: Page): Q {
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  return query;
}
