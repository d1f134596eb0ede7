import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { audioTracks } from "../../db/schema";
import { withImages } from "../images/responsive-images";

/**
 * What the featured player may play: featured and active, newest first (shared/featured-order.ts
 * says the same for the admin). `mediaBase`: MEDIA_PUBLIC_URL, where the image variants link (decision 039).
 */
export async function listFeaturedTracks(db: Db, mediaBase = "") {
  // with the cover art's resized variants, so the player can offer a phone a small one
  const rows = await db
    .select()
    .from(audioTracks)
    .where(and(eq(audioTracks.isFeatured, true), eq(audioTracks.isActive, true), eq(audioTracks.unreleased, false)))
    .orderBy(desc(audioTracks.updatedAt), desc(audioTracks.id));
  return withImages(db, rows, (t) => t.coverArtUrl, "coverArt", mediaBase);
}

export function listAllTracks(db: Db) {
  return db.select().from(audioTracks).orderBy(desc(audioTracks.createdAt), desc(audioTracks.id));
}

const AUDIO_FILE = /\.(mp3|wav|ogg)$/i;

/**
 * Whether a request for an uploaded file asks for an unreleased track's audio (issue 25): those
 * are streamed only through a private press link (modules/press), never from /uploads. Matched on
 * the file's name (random, unique per upload), so no other spelling of its path gets past.
 */
export async function isUnreleasedAudioPath(db: Db, url: string): Promise<boolean> {
  let path: string;
  try {
    path = decodeURIComponent(url.split("?")[0]);
  } catch {
    return false; // @fastify/static refuses a malformed path itself
  }
  const name = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
  if (!AUDIO_FILE.test(name)) return false;
  const [row] = await db
    .select({ id: audioTracks.id })
    .from(audioTracks)
    .where(and(eq(audioTracks.unreleased, true), sql`right(${audioTracks.audioUrl}, ${name.length + 1}) = ${"/" + name}`))
    .limit(1);
  return row !== undefined;
}
