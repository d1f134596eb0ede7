import { doublePrecision, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

// 'Want us in your town?' (issue 24, modules/places): one row per request, the place as typed and
// as the gazetteer named it (null: not placed). No address and no IP: an address given joins the
// mailing list through its own signup, and is not kept here.
export const townRequests = pgTable(
  "town_requests",
  {
    id: serial("id").primaryKey(),
    placeTyped: text("place_typed").notNull(),
    placeName: text("place_name"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("town_requests_place_idx").on(t.placeName)],
);
