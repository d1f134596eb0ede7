import { count, desc, eq, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { shows, townRequests } from "../../db/schema";
import { badRequest } from "../../lib/http-error";

export const NEAR_SHOW_NOT_FOUND = "Show not found";
export const NEAR_SHOW_NOT_PLACED = "This show is not placed on the map, so fans near it cannot be found. Pick its place on the show form.";

/**
 * The 'fans near a show' part of a newsletter's audience (issue 24), checked: the show must exist
 * and be placed, or a 400 naming the field (`field`: 'near.showId' in a body, 'nearShowId' in a query).
 */
export async function nearTargets(db: Db, near: { showId: number; miles: number } | null | undefined, field: string) {
  if (!near) return { nearShowId: null, nearMiles: null };
  const [show] = await db.select({ lat: shows.lat, lng: shows.lng }).from(shows).where(eq(shows.id, near.showId));
  if (!show) throw badRequest(`${field}: ${NEAR_SHOW_NOT_FOUND}`, { [field]: NEAR_SHOW_NOT_FOUND });
  if (show.lat === null || show.lng === null) throw badRequest(`${field}: ${NEAR_SHOW_NOT_PLACED}`, { [field]: NEAR_SHOW_NOT_PLACED });
  return { nearShowId: near.showId, nearMiles: near.miles };
}

export async function addTownRequest(db: Db, r: typeof townRequests.$inferInsert) {
  await db.insert(townRequests).values(r);
}

/** How many asked per place (the gazetteer's name, or the words as typed when not placed), most first; the 100 biggest. */
export async function townRequestCounts(db: Db) {
  const place = sql<string>`coalesce(${townRequests.placeName}, lower(trim(${townRequests.placeTyped})))`;
  const rows = await db
    .select({ place, placed: sql<boolean>`${townRequests.placeName} is not null`, lat: sql<number | null>`min(${townRequests.lat})`, lng: sql<number | null>`min(${townRequests.lng})`, count: count(), latest: max(townRequests.createdAt) })
    .from(townRequests)
    .groupBy(place, sql`${townRequests.placeName} is not null`)
    .orderBy(desc(count()), place)
    .limit(100);
  return rows.map((r) => ({ ...r, lat: r.lat === null ? null : Number(r.lat), lng: r.lng === null ? null : Number(r.lng), latest: r.latest ?? new Date(0) }));
}
