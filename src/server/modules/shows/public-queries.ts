import { asc, gte } from "drizzle-orm";
import { todayIso } from "@shared/format";
import type { Db } from "../../db/client";
import { shows } from "../../db/schema";

/** Every show by date (then id, so same-day shows keep a stable order). */
export function listShows(db: Db) {
  return db.select().from(shows).orderBy(asc(shows.date), asc(shows.id));
}

/** Shows dated today or later, by date. "Today" is the server's local date. */
export function listUpcomingShows(db: Db, today = todayIso()) {
  return db.select().from(shows).where(gte(shows.date, today)).orderBy(asc(shows.date), asc(shows.id));
}
