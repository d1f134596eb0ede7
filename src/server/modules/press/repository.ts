import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { PressKitValues } from "@shared/schemas/press";
import type { Db } from "../../db/client";
import { audioTracks, mediaFiles, pressKit, pressLinks, pressLinkTracks, type PressLinkRow } from "../../db/schema";
import { PRESS_KIT_ID } from "../../services/public-reads/press-kit";

/** Saves the whole kit (the one row, made on first save). */
export async function savePressKit(db: Db, values: PressKitValues) {
  const row = { ...values, updatedAt: new Date() };
  const [saved] = await db
    .insert(pressKit)
    .values({ id: PRESS_KIT_ID, ...row })
    .onConflictDoUpdate({ target: pressKit.id, set: row })
    .returning();
  return saved;
}

/** The uploads behind these URLs that are of the given type (a kit may name only its own files). */
export async function uploadedOfType(db: Db, urls: string[], fileType: "image" | "pdf"): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const rows = await db
    .select({ filePath: mediaFiles.filePath })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.fileType, fileType), inArray(mediaFiles.filePath, urls)));
  return new Set(rows.map((r) => r.filePath));
}

export async function existingTracks(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: audioTracks.id, title: audioTracks.title }).from(audioTracks).where(inArray(audioTracks.id, ids));
}

export async function createPressLink(db: Db, link: { recipient: string; tokenHash: string; expiresAt: Date; trackIds: number[] }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(pressLinks).values({ recipient: link.recipient, tokenHash: link.tokenHash, expiresAt: link.expiresAt }).returning();
    if (link.trackIds.length) await tx.insert(pressLinkTracks).values(link.trackIds.map((trackId, position) => ({ linkId: row.id, trackId, position })));
    return row;
  });
}

export async function findPressLink(db: Db, id: number) {
  const [row] = await db.select().from(pressLinks).where(eq(pressLinks.id, id)).limit(1);
  return row ?? null;
}

export async function findPressLinkByToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(pressLinks).where(eq(pressLinks.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Every link, newest first, with its tracks and their plays. */
export async function listPressLinks(db: Db) {
  const links = await db.select().from(pressLinks).orderBy(desc(pressLinks.createdAt), desc(pressLinks.id));
  const tracks = await linkTracks(db, links.map((l) => l.id));
  return links.map((link) => ({ ...link, tracks: tracks.filter((t) => t.linkId === link.id) }));
}

/** The tracks of these links, in each link's order. */
export async function linkTracks(db: Db, linkIds: number[]) {
  if (!linkIds.length) return [];
  return db
    .select({
      linkId: pressLinkTracks.linkId,
      id: audioTracks.id,
      title: audioTracks.title,
      artist: audioTracks.artist,
      duration: audioTracks.duration,
      audioUrl: audioTracks.audioUrl,
      plays: pressLinkTracks.plays,
      lastPlayedAt: pressLinkTracks.lastPlayedAt,
    })
    .from(pressLinkTracks)
    .innerJoin(audioTracks, eq(audioTracks.id, pressLinkTracks.trackId))
    .where(inArray(pressLinkTracks.linkId, linkIds))
    .orderBy(asc(pressLinkTracks.linkId), asc(pressLinkTracks.position));
}

/** Revokes (once: a second revoke keeps the first time). */
export async function revokePressLink(db: Db, id: number, at: Date) {
  const [row] = await db
    .update(pressLinks)
    .set({ revokedAt: sql`coalesce(${pressLinks.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(pressLinks.id, id))
    .returning();
  return row ?? null;
}

/** One more view, counted in the statement (two instances never lose one). */
export async function countView(db: Db, id: number, at: Date) {
  await db
    .update(pressLinks)
    .set({ views: sql`${pressLinks.views} + 1`, firstViewedAt: sql`coalesce(${pressLinks.firstViewedAt}, ${at.toISOString()}::timestamptz)`, lastViewedAt: at })
    .where(eq(pressLinks.id, id));
}

export async function countPlay(db: Db, linkId: number, trackId: number, at: Date) {
  await db
    .update(pressLinkTracks)
    .set({ plays: sql`${pressLinkTracks.plays} + 1`, lastPlayedAt: at })
    .where(and(eq(pressLinkTracks.linkId, linkId), eq(pressLinkTracks.trackId, trackId)));
}

/** A link still open at `now`: not revoked, not past its expiry. */
export const isOpen = (link: PressLinkRow, now: Date) => link.revokedAt === null && link.expiresAt.getTime() > now.getTime();
