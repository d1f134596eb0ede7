import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** The Earth's mean radius, and the miles in one degree of latitude. */
export const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_MILES;

/**
 * Points (`lat`, `lng` columns) within `miles` of a centre (numbers, or SQL such as a scalar
 * subquery that PostgreSQL runs once): first a bounding box on latitude and longitude, which the
 * index on (lat, lng) answers, then the exact great-circle distance (haversine) for the rows in the
 * box. The box does not wrap the 180th meridian (no band plays both sides of it in one radius).
 */
export function withinMiles(lat: SQLWrapper, lng: SQLWrapper, centre: { lat: number | SQL; lng: number | SQL }, miles: number): SQL {
  const dLat = miles / MILES_PER_DEGREE;
  // longitude degrees shrink towards the poles; cos never below 0.01 (within ~0.6 degrees of a pole the box is wide)
  const dLng = sql`(${miles}::float8 / (${MILES_PER_DEGREE}::float8 * greatest(cos(radians(${centre.lat})), 0.01)))`;
  return sql`(${lat} between ${centre.lat} - ${dLat}::float8 and ${centre.lat} + ${dLat}::float8
    and ${lng} between ${centre.lng} - ${dLng} and ${centre.lng} + ${dLng}
    and ${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
      power(sin(radians(${lat} - ${centre.lat}) / 2), 2)
      + cos(radians(${centre.lat})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${centre.lng}) / 2), 2)
    ))) <= ${miles}::float8)`;
}

/** The great-circle distance in miles between two points (the same formula, for tests and words). */
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
