import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { PressLogo, PressPhoto, PressQuote } from "@shared/schemas/press";
import { audioTracks } from "./content";

/**
 * The press kit (issue 25, modules/press, decision 042): one row (id 1), written whole by the
 * admin's form. Photos, logos and quotes are short ordered lists edited with the rest, so they
 * are JSON arrays of this row, not tables of their own: nothing else refers to one of them.
 */
export const pressKit = pgTable("press_kit", {
  id: integer("id").primaryKey(),
  /** /press is public unless the band switches it off (then a 404, out of the sitemap) */
  isPublic: boolean("is_public").notNull().default(true),
  shortBio: text("short_bio").notNull().default(""),
  longBio: text("long_bio").notNull().default(""),
  photos: jsonb("photos").$type<PressPhoto[]>().notNull().default([]),
  logos: jsonb("logos").$type<PressLogo[]>().notNull().default([]),
  quotes: jsonb("quotes").$type<PressQuote[]>().notNull().default([]),
  /** uploaded PDFs (/uploads/documents/..), empty when none */
  stagePlotUrl: text("stage_plot_url").notNull().default(""),
  techRiderUrl: text("tech_rider_url").notNull().default(""),
  bookingName: text("booking_name").notNull().default(""),
  bookingEmail: text("booking_email").notNull().default(""),
  pressName: text("press_name").notNull().default(""),
  pressEmail: text("press_email").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A private press link for one booker, journalist or label: the token is in the link only, the
 * row keeps its SHA-256. Views are counted by the page's route; revoked or past its expiry it
 * answers 410.
 */
export const pressLinks = pgTable(
  "press_links",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    views: integer("views").notNull().default(0),
    firstViewedAt: timestamp("first_viewed_at", { withTimezone: true }),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("press_links_token_unique").on(t.tokenHash)],
);

/** The tracks a link streams (unreleased ones, usually), in the order given, and how often each was played through it. */
export const pressLinkTracks = pgTable(
  "press_link_tracks",
  {
    linkId: integer("link_id")
      .notNull()
      .references(() => pressLinks.id, { onDelete: "cascade" }),
    trackId: integer("track_id")
      .notNull()
      .references(() => audioTracks.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    plays: integer("plays").notNull().default(0),
    lastPlayedAt: timestamp("last_played_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.trackId] }), index("press_link_tracks_track_idx").on(t.trackId)],
);

export type PressKitRow = typeof pressKit.$inferSelect;
export type PressLinkRow = typeof pressLinks.$inferSelect;
