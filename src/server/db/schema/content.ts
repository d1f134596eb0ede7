import { and, eq, sql } from "drizzle-orm";
import type { MerchCategory, VideoCategory } from "@shared/categories";
import type { ShowStatus } from "@shared/show-status";
import { boolean, check, date, doublePrecision, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Written by the demo seed (db/seed): 'Remove all demo content' deletes such rows the band has
 * not edited since (updated_at still equal to created_at), and leaves everything else.
 */
const demo = { isDemo: boolean("is_demo").notNull().default(false) };

/** The rule above as a condition: still the demo seed's row (flagged, never edited). */
export const untouchedDemo = (t: { isDemo: AnyPgColumn; updatedAt: AnyPgColumn; createdAt: AnyPgColumn }) => and(eq(t.isDemo, true), eq(t.updatedAt, t.createdAt));

export const audioTracks = pgTable("audio_tracks", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  artist: text("artist").notNull(),
  audioUrl: text("audio_url").notNull(),
  coverArtUrl: text("cover_art_url").notNull().default(""),
  // decimal seconds, precision 6 / scale 2 as the spec says
  duration: numeric("duration", { precision: 6, scale: 2 }).notNull().default("0"),
  isFeatured: boolean("is_featured").notNull().default(false),
  isActive: boolean("is_active").notNull().default(true),
  // not out yet (issue 25): never in the player, its file not served from /uploads; only a private press link streams it
  unreleased: boolean("unreleased").notNull().default(false),
  ...timestamps,
  ...demo,
});

export const mediaFiles = pgTable("media_files", {
  id: serial("id").primaryKey(),
  fileName: text("file_name").notNull(),
  originalName: text("original_name").notNull(),
  filePath: text("file_path").notNull(),
  fileType: text("file_type").$type<"audio" | "image" | "pdf">().notNull(),
  fileSize: integer("file_size").notNull(),
  mimeType: text("mime_type").notNull(),
  // an image's pixel size and its resized WebP/AVIF variants (issue 13), null until made; the band
  // photo also has one JPEG (its share image, issue 21)
  width: integer("width"),
  height: integer("height"),
  variants: jsonb("variants").$type<{ width: number; height: number; format: "webp" | "avif" | "jpeg"; path: string; size: number }[]>(),
  // the original was checked for (and rewritten without) EXIF/GPS/XMP/IPTC: uploads since issue 21
  // at once, older ones by the start-up pass (storage/metadata-backfill.ts)
  metadataStripped: boolean("metadata_stripped").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  ...demo,
});

export const videos = pgTable("videos", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  category: text("category").$type<VideoCategory>().notNull().default("official"),
  embedUrl: text("embed_url").notNull(),
  thumbnailUrl: text("thumbnail_url").notNull().default(""),
  isActive: boolean("is_active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
  ...demo,
});

export const shows = pgTable("shows", {
  id: serial("id").primaryKey(),
  venue: text("venue").notNull(),
  location: text("location").notNull(),
  date: date("date", { mode: "string" }).notNull(), // YYYY-MM-DD
  time: text("time").notNull(),
  price: numeric("price", { precision: 6, scale: 2 }).notNull(),
  ageRestriction: text("age_restriction").notNull(),
  supportingActs: text("supporting_acts").notNull().default(""),
  eventUrl: text("event_url"),
  // scheduled | sold-out | cancelled | postponed (SHOW_STATUSES)
  status: text("status").$type<ShowStatus>().notNull().default("scheduled"),
  // bumped on every update: the calendar feed's SEQUENCE, so subscribed calendars take the change
  revision: integer("revision").notNull().default(0),
  // issue 24: before on_sale_at the site says 'On sale <date>' instead of the ticket link; the
  // mailing list's presale code (never in a public answer, page, feed or log) and when it starts
  onSaleAt: timestamp("on_sale_at", { withTimezone: true }),
  presaleStartsAt: timestamp("presale_starts_at", { withTimezone: true }),
  presaleCode: text("presale_code"),
  // where the venue is (issue 24, modules/places): from the location by the gazetteer when saved,
  // or picked / typed by the admin (place_pinned: kept while the location stays the same);
  // place_name is the gazetteer's name of it, null when not placed or typed as coordinates
  lat: doublePrecision("lat"),
  lng: doublePrecision("lng"),
  placeName: text("place_name"),
  placePinned: boolean("place_pinned").notNull().default(false),
  // 'tell fans near it by itself' (modules/places/nearby.ts): the radius, when it is due (9:00 band
  // time if saved at night), and once told: when, how many fans, through which newsletter
  announceNearbyMiles: integer("announce_nearby_miles"),
  nearbyDueAt: timestamp("nearby_due_at", { withTimezone: true }),
  nearbyToldAt: timestamp("nearby_told_at", { withTimezone: true }),
  nearbyToldCount: integer("nearby_told_count"),
  nearbyNewsletterId: integer("nearby_newsletter_id"),
  // 'send the code to fans near it when the presale starts' (modules/places/nearby.ts): the
  // radius, and once sent: when, how many fans, through which newsletter (due at presale_starts_at)
  presaleNearbyMiles: integer("presale_nearby_miles"),
  presaleNearbyToldAt: timestamp("presale_nearby_told_at", { withTimezone: true }),
  presaleNearbyToldCount: integer("presale_nearby_told_count"),
  presaleNearbyNewsletterId: integer("presale_nearby_newsletter_id"),
  ...timestamps,
  ...demo,
}, (t) => [
  check("shows_status_check", sql`${t.status} in ('scheduled', 'sold-out', 'cancelled', 'postponed')`),
  // the nearby round's question: shows due and not told yet
  index("shows_nearby_due_idx").on(t.nearbyDueAt).where(sql`${t.nearbyToldAt} is null and ${t.nearbyDueAt} is not null`),
  // the presale round's question: presales to send near the show, not sent yet
  index("shows_presale_nearby_due_idx").on(t.presaleStartsAt).where(sql`${t.presaleNearbyToldAt} is null and ${t.presaleNearbyMiles} is not null`),
]);

export const merchandise = pgTable("merchandise", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  price: numeric("price", { precision: 6, scale: 2 }).notNull(),
  category: text("category").$type<MerchCategory>().notNull(),
  templateDimensions: text("template_dimensions").notNull(),
  imageUrl: text("image_url").notNull().default(""),
  amazonUrl: text("amazon_url").notNull().default(""),
  // any other shop (Bandcamp, Big Cartel, the band's own; issue 21): used instead of amazonUrl when set
  storeUrl: text("store_url").notNull().default(""),
  isNew: boolean("is_new").notNull().default(false),
  isFeatured: boolean("is_featured").notNull().default(false),
  comingSoon: boolean("coming_soon").notNull().default(false),
  // the admin's drag-and-drop order (issue 13); ties fall back to the spec's order
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
  ...demo,
});

export const lyrics = pgTable("lyrics", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  songName: text("song_name").notNull(),
  lyricsText: text("lyrics_text").notNull(),
  albumName: text("album_name"),
  releaseYear: text("release_year"),
  isPublished: boolean("is_published").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
  ...demo,
});

export type SocialLinks = Partial<
  Record<"facebook" | "instagram" | "twitter" | "spotify" | "website" | "youtube" | "bandcamp" | "soundcloud", string | null>
>;

export const bandMembers = pgTable("band_members", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  bio: text("bio"),
  imageUrl: text("image_url"),
  altText: text("alt_text"),
  socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
  isActive: boolean("is_active").notNull().default(true),
  joinDate: date("join_date", { mode: "string" }),
  leaveDate: date("leave_date", { mode: "string" }),
  sortOrder: integer("sort_order"),
  ...timestamps,
  ...demo,
});

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
