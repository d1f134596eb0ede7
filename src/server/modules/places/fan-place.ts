import type { PlaceMatch } from "./gazetteer";

/**
 * A fan's 'Your city or ZIP' as stored (issue 24): the words as typed and the gazetteer's point,
 * or no point ('not placed', never an error); null or blank clears it; undefined says nothing.
 */
export async function placeOfFan(resolve: (text: string) => Promise<PlaceMatch | null>, typed: string | null | undefined) {
  if (typed === undefined) return undefined;
  if (!typed) return { typed: null, lat: null, lng: null };
  const found = await resolve(typed);
  return { typed, lat: found?.lat ?? null, lng: found?.lng ?? null };
}
