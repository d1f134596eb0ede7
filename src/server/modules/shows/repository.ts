import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { ShowData, ShowSort } from "@shared/schemas/shows";

/** A show's columns as a save writes them: the form's fields, and where it is and whom it tells (modules/places). */
type ShowWrite = Omit<ShowData, "announceNearby" | "presaleNearby" | "lat" | "lng" | "placeName"> &
  Partial<Pick<typeof shows.$inferInsert, "lat" | "lng" | "placeName" | "placePinned" | "announceNearbyMiles" | "nearbyDueAt" | "presaleNearbyMiles">>;
import type { Db } from "../../db/client";
import { shows } from "../../db/schema";
import { containsPattern, tablePage, type TableSearch } from "../../db/table-page";

export async function findShow(db: Db, id: number) {
  const [row] = await db.select().from(shows).where(eq(shows.id, id)).limit(1);
  return row ?? null;
}

/**
 * Only the columns a save may write (a body's other fields never reach the row); the instants as
 * Dates; an absent field stays absent (an update keeps it).
 */
function columnsOf(input: ShowWrite) {
  const { venue, location, date, time, price, ageRestriction, supportingActs, eventUrl, status, presaleCode, lat, lng, placeName, placePinned, announceNearbyMiles, nearbyDueAt, presaleNearbyMiles } = input;
  const instant = (v: string | null | undefined): Date | null | undefined => (v ? new Date(v) : v === null ? null : undefined);
  return {
    ...{ venue, location, date, time, price, ageRestriction, supportingActs, eventUrl, status, presaleCode },
    ...{ onSaleAt: instant(input.onSaleAt), presaleStartsAt: instant(input.presaleStartsAt) },
    ...{ lat, lng, placeName, placePinned, announceNearbyMiles, nearbyDueAt, presaleNearbyMiles },
  };
}

export async function createShow(db: Db, input: ShowWrite) {
  const [row] = await db.insert(shows).values(columnsOf(input)).returning();
  return row;
}

export async function updateShow(db: Db, id: number, input: ShowWrite) {
  // every update raises the revision: calendars that subscribed to the feed take the change (SEQUENCE)
  const [row] = await db
    .update(shows)
    .set({ ...columnsOf(input), revision: sql`${shows.revision} + 1`, updatedAt: new Date() })
    .where(eq(shows.id, id))
    .returning();
  return row ?? null;
}

export async function deleteShow(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(shows).where(eq(shows.id, id)).returning({ id: shows.id });
  return rows.length > 0;
}

/** The admin table's question (GET /api/shows with table parameters), defaults filled in. */
export interface ShowSearch extends TableSearch<ShowSort> {
  /** only today and later, or only before today (the table's two groups) */
  when?: { upcoming: true; today: string } | { past: true; today: string };
}

/** ORDER BY for a sort: the column, then by date and id (a stable order across pages). */
function orderOf(sort: ShowSort, dir: "asc" | "desc"): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const tail = [by(shows.date), by(shows.id)];
  switch (sort) {
    case "date":
      return tail;
    case "venue":
      return [sql`lower(${shows.venue}) ${sql.raw(dir)}`, ...tail];
    case "location":
      return [sql`lower(${shows.location}) ${sql.raw(dir)}`, ...tail];
    case "price":
      return [by(shows.price), ...tail];
    case "status":
      return [by(shows.status), ...tail];
  }
}

/** One page of the admin table: `q` is found in the venue, location or supporting acts. */
export async function searchShows(db: Db, s: ShowSearch) {
  const conditions: SQL[] = [];
  if (s.q) {
    const pattern = containsPattern(s.q);
    conditions.push(or(sql`lower(${shows.venue}) like ${pattern}`, sql`lower(${shows.location}) like ${pattern}`, sql`lower(${shows.supportingActs}) like ${pattern}`)!);
  }
  if (s.when && "upcoming" in s.when) conditions.push(gte(shows.date, s.when.today));
  if (s.when && "past" in s.when) conditions.push(lt(shows.date, s.when.today));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { rows, page } = await tablePage(db, shows, { where, orderBy: orderOf(s.sort, s.dir), page: s.page, pageSize: s.pageSize });
  return { data: rows, page };
}
