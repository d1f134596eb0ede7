import { z } from "zod";
import { dataAnswer, messageAnswer, timestamp } from "./answers";
import { text } from "./text";

/** The longest place a fan or the band may type ('Greenville, NC', 'Berlin, Germany', '27601'). */
export const PLACE_MAX = 100;
/** How many suggestions one question gets at most. */
export const MAX_PLACE_SUGGESTIONS = 8;

/** A typed place, optional: blank means none (stored as null). */
export const optionalPlace = text({ message: "Your city or ZIP must be text" })
  .trim()
  .max(PLACE_MAX, `Your city or ZIP is too long (${PLACE_MAX} characters at most)`)
  .nullish()
  .transform((v) => (v ? v : null));

/** GET /api/places?q= and GET /api/admin/places?q= : what was typed so far. */
export const placesQuery = z.object({
  q: text({ message: "q must be text" }).trim().max(PLACE_MAX, `q is too long (${PLACE_MAX} characters at most)`).optional().default(""),
});

/** A place the gazetteer knows: its canonical name and point. */
export const placeRecord = z.object({ name: z.string(), lat: z.number(), lng: z.number() });
export type PlaceSuggestion = z.input<typeof placeRecord>;

/** A latitude or longitude the admin picked or typed: a real number within its range. */
const coordinate = (what: "Latitude" | "Longitude", limit: number) =>
  z
    .number({ message: `${what} must be a number` })
    .refine(Number.isFinite, `${what} must be a number`)
    .refine((v) => Math.abs(v) <= limit, `${what} must be between -${limit} and ${limit}`);
export const latitude = coordinate("Latitude", 90);
export const longitude = coordinate("Longitude", 180);

/** POST /api/town-requests: 'Want us in your town?' (a place, and an address that joins the list if given). */
export const townRequestInput = z.object({
  place: text({ message: "Please tell us your town" }).trim().min(2, "Please tell us your town").max(PLACE_MAX, `Too long (${PLACE_MAX} characters at most)`),
  email: text({ message: "Please enter a valid email address" })
    .trim()
    .max(254, "Email is too long")
    .pipe(z.union([z.literal(""), z.email({ message: "Please enter a valid email address" })]))
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  /** a field people never see: a bot fills it */
  website: z.string().optional(),
});
export type TownRequestInput = z.input<typeof townRequestInput>;

/** One line of the admin's demand per town: the place as resolved (or as typed when not placed). */
export const townRequestCount = z.object({
  place: z.string(),
  placed: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  count: z.number(),
  latest: timestamp,
});
export type TownRequestCount = z.input<typeof townRequestCount>;

export const placeAnswers = {
  suggestions: dataAnswer(z.array(placeRecord)),
  townRequested: messageAnswer,
  townCounts: dataAnswer(z.array(townRequestCount)),
};
