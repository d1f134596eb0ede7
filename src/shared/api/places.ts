/** Places on a map (issue 24): the gazetteer's suggestions and the 'bring us to your town' requests. */
export type { PlaceSuggestion, TownRequestCount, TownRequestInput } from "../schemas/places";

export const placesApi = {
  /** GET (public, rate limited): up to 8 places starting with what was typed */
  suggest: (q: string) => `/api/places?q=${encodeURIComponent(q)}`,
  /** GET (admin): the same, for the show form's 'pick another match' */
  adminSuggest: (q: string) => `/api/admin/places?q=${encodeURIComponent(q)}`,
  /** POST (public, rate limited): { place, email? } */
  townRequests: "/api/town-requests",
  /** GET (admin): requests counted per place */
  townRequestCounts: "/api/admin/town-requests",
} as const;

/** The words a fan or the admin sees for a place. */
export const NOT_PLACED = "Not placed";
export const TOWN_REQUEST_THANKS = "Thanks! We'll keep your town in mind.";
