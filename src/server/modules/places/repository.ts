import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { shows } from "../../db/schema";
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
