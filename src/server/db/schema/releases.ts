import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ReleaseLink, ReleaseType } from "@shared/release-services";
import { audioTracks } from "./content";

/**
 * A release (issue 25, modules/releases): a single, EP or album out at `release_at`, with its
 * page at /releases/{slug}. Before that instant the page counts down and offers 'E-mail me when it
 * is out'; after it, one button per service link. `download_track_id` / `download_file`: the free
 * download for the list (a track's audio, or a file uploaded for the release), at most one.
 */
export const releases = pgTable(
  "releases",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    type: text("type").$type<ReleaseType>().notNull(),
    releaseAt: timestamp("release_at", { withTimezone: true }).notNull(),
    description: text("description").notNull().default(""),
    /** an upload's site path (/uploads/...) or an https link; '' none */
    coverImage: text("cover_image").notNull().default(""),
    links: jsonb("links").$type<ReleaseLink[]>().notNull().default([]),
    published: boolean("published").notNull().default(false),
    downloadTrackId: integer("download_track_id").references(() => audioTracks.id, { onDelete: "set null" }),
    downloadFile: text("download_file"),
    /** when the release.published webhook event was raised for it (once, when it is out: modules/releases/rounds.ts) */
    outAnnouncedAt: timestamp("out_announced_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("releases_slug_unique").on(t.slug),
    check("releases_type_check", sql`${t.type} in ('single', 'ep', 'album')`),
    index("releases_published_at_idx").on(t.releaseAt).where(sql`${t.published}`),
  ],
);

/** A release's tracklist: audio tracks in order. */
export const releaseTracks = pgTable(
  "release_tracks",
  {
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    trackId: integer("track_id")
      .notNull()
      .references(() => audioTracks.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.position] }), index("release_tracks_track_idx").on(t.trackId)],
);

/**
 * 'E-mail me when it is out': one row per release and address, confirmed by a link (the token
 * stored hashed, as the RSVPs). `notified_at` is the claim of the one 'out now' mail: set by the
 * statement that picks the row, so it goes out once across instances and restarts.
 */
export const releaseNotifies = pgTable(
  "release_notifies",
  {
    id: serial("id").primaryKey(),
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash"),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("release_notifies_release_email_unique").on(t.releaseId, t.email),
    uniqueIndex("release_notifies_token_unique").on(t.tokenHash),
    // the round's question: confirmed and not told yet
    index("release_notifies_due_idx").on(t.releaseId).where(sql`${t.confirmedAt} is not null and ${t.notifiedAt} is null`),
  ],
);

/**
 * The free download for the list: an address confirmed by a link (`token_hash`), then a personal
 * download link (`download_hash`) that works until `download_expires_at` and at most
 * RELEASE_DOWNLOAD_LIMIT times (`downloads`, counted by one UPDATE per download).
 * `joined_list`: the confirmation added this address to the mailing list (it was not on it).
 */
export const releaseDownloads = pgTable(
  "release_downloads",
  {
    id: serial("id").primaryKey(),
    releaseId: integer("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash"),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    downloadHash: text("download_hash"),
    downloadExpiresAt: timestamp("download_expires_at", { withTimezone: true }),
    downloads: integer("downloads").notNull().default(0),
    joinedList: boolean("joined_list").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("release_downloads_release_email_unique").on(t.releaseId, t.email),
    uniqueIndex("release_downloads_token_unique").on(t.tokenHash),
    uniqueIndex("release_downloads_download_unique").on(t.downloadHash),
  ],
);
