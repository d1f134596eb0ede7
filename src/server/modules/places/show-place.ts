import { TZDate } from "@date-fns/tz";
import type { ShowData } from "@shared/schemas/shows";
import type { PlaceMatch } from "./gazetteer";

/** What a show's save needs to know of the show as it was (null: a new show). */
export interface ShowBefore {
  location: string;
  lat: number | null;
  lng: number | null;
  placeName: string | null;
  placePinned: boolean;
  announceNearbyMiles: number | null;
  nearbyDueAt: Date | null;
  nearbyToldAt: Date | null;
  presaleNearbyToldAt: Date | null;
}

export interface ShowPlace {
  lat: number | null;
  lng: number | null;
  placeName: string | null;
  placePinned: boolean;
}

/**
 * Where a saved show is (issue 24): the admin's pick when the body gives both coordinates; the
 * pick kept while the location stays the same and the body says nothing; otherwise the
 * gazetteer's best match of the location, or not placed (never an error).
 */
export async function placeOfShow(resolve: (text: string) => Promise<PlaceMatch | null>, input: ShowData, before: ShowBefore | null): Promise<ShowPlace> {
  if (input.lat != null && input.lng != null) return { lat: input.lat, lng: input.lng, placeName: input.placeName || null, placePinned: true };
  if (input.lat === undefined && input.lng === undefined && before?.placePinned && before.location === input.location) {
    return { lat: before.lat, lng: before.lng, placeName: before.placeName, placePinned: true };
  }
  const found = await resolve(input.location);
  return found ? { lat: found.lat, lng: found.lng, placeName: found.name, placePinned: false } : { lat: null, lng: null, placeName: null, placePinned: false };
}

/** The band's quiet hours: a nearby mail saved from 21:00 to 9:00 waits for 9:00. */
const QUIET_FROM_HOUR = 21;
const MORNING_HOUR = 9;

/** When a nearby mail saved at `now` may leave: now, or 9:00 band time when it is night there. */
export function nearbyDueAt(now: Date, timeZone: string): Date {
  const local = new TZDate(now.getTime(), timeZone);
  const hour = local.getHours();
  if (hour >= MORNING_HOUR && hour < QUIET_FROM_HOUR) return now;
  const morning = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + (hour >= QUIET_FROM_HOUR ? 1 : 0), MORNING_HOUR, 0, 0, timeZone);
  return new Date(morning.getTime());
}

/**
 * The 'tell fans near it' columns of a save: a new show with it is due now (or at 9:00); an edit
 * may change the radius or withdraw it until the mail has gone, and may ask for it on a show that
 * never had it; once told, nothing changes (it is sent once).
 */
export function nearbyOfShow(input: ShowData, before: ShowBefore | null, now: Date, timeZone: string) {
  if (before?.nearbyToldAt) return {};
  if (input.announceNearby === undefined) return before ? {} : { announceNearbyMiles: null, nearbyDueAt: null };
  if (input.announceNearby === null) return { announceNearbyMiles: null, nearbyDueAt: null };
  return { announceNearbyMiles: input.announceNearby.miles, nearbyDueAt: before?.nearbyDueAt ?? nearbyDueAt(now, timeZone) };
}

/**
 * The 'send the code to fans near it' column of a save: the radius until the code has gone (it is
 * sent once, when the presale starts; the round checks the show still has its code then).
 */
export function presaleNearbyOfShow(input: ShowData, before: ShowBefore | null) {
  if (before?.presaleNearbyToldAt) return {};
  if (input.presaleNearby === undefined) return before ? {} : { presaleNearbyMiles: null };
  return { presaleNearbyMiles: input.presaleNearby?.miles ?? null };
}

const milesOf = (miles: number | null) => (miles === null ? null : { miles });

/** A show row as the admin reads it (`announceNearby` and `presaleNearby` as the API spells them). */
export function adminShowOf<T extends { announceNearbyMiles: number | null; presaleNearbyMiles: number | null }>(row: T) {
  const { announceNearbyMiles, presaleNearbyMiles, ...rest } = row;
  return { ...rest, announceNearby: milesOf(announceNearbyMiles), presaleNearby: milesOf(presaleNearbyMiles) };
}
