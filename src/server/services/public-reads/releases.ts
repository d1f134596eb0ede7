import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { audioTracks, lyrics, releases, releaseTracks } from "../../db/schema";
import { withImages } from "../images/responsive-images";

type ReleaseRow = typeof releases.$inferSelect;

/**
 * The public side of releases (issue 25, decision 041): published ones, newest first, each with
 * its tracklist (each track's lyrics when published lyrics have its name). Read as of `now`:
 * before its releaseAt a release shows no links and no audio, so the answer says nothing a
 * fan could use early; the cache rebuilds it at that instant (releaseClock).
 */
export async function listPublishedReleases(db: Db, now: Date) {
  const rows = await db.select().from(releases).where(eq(releases.published, true)).orderBy(desc(releases.releaseAt), desc(releases.id));
  return publicReleases(db, rows, now);
}

/** One published release by id ('12') or slug, or null. */
export async function findPublishedRelease(db: Db, idOrSlug: string, now: Date) {
  const byId = /^\d{1,9}$/.test(idOrSlug);
  const [row] = await db
    .select()
    .from(releases)
    .where(and(eq(releases.published, true), byId ? eq(releases.id, Number(idOrSlug)) : eq(releases.slug, idOrSlug)))
    .limit(1);
  if (!row) return null;
  return (await publicReleases(db, [row], now))[0];
}

/** The tracklists of releases, in order, with each track's published lyrics (same song name, case and spaces aside). */
export async function tracklists(db: Db, releaseIds: number[]) {
  if (releaseIds.length === 0) return new Map<number, TrackRow[]>();
  const rows = await db
    .select({
      releaseId: releaseTracks.releaseId,
      position: releaseTracks.position,
      id: audioTracks.id,
      title: audioTracks.title,
      artist: audioTracks.artist,
      duration: audioTracks.duration,
      audioUrl: audioTracks.audioUrl,
      coverArtUrl: audioTracks.coverArtUrl,
      lyricsId: sql<number | null>`(select l.id from ${lyrics} l where l.is_published and lower(trim(l.song_name)) = lower(trim(${audioTracks.title})) order by l.id limit 1)`,
    })
    .from(releaseTracks)
    .innerJoin(audioTracks, eq(audioTracks.id, releaseTracks.trackId))
    .where(inArray(releaseTracks.releaseId, releaseIds))
    .orderBy(asc(releaseTracks.releaseId), asc(releaseTracks.position));
  const byRelease = new Map<number, TrackRow[]>();
  for (const { releaseId, ...track } of rows) {
    const list = byRelease.get(releaseId) ?? [];
    list.push({ ...track, lyricsId: track.lyricsId === null ? null : Number(track.lyricsId) });
    byRelease.set(releaseId, list);
  }
  return byRelease;
}
type TrackRow = { position: number; id: number; title: string; artist: string; duration: string; audioUrl: string; coverArtUrl: string; lyricsId: number | null };

async function publicReleases(db: Db, rows: ReleaseRow[], now: Date) {
  const lists = await tracklists(db, rows.map((r) => r.id));
  const withCovers = await withImages(db, rows, (r) => r.coverImage, "cover");
  return withCovers.map((r) => {
    const out = now.getTime() >= r.releaseAt.getTime();
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      type: r.type,
      releaseAt: r.releaseAt,
      description: r.description,
      coverImage: r.coverImage,
      cover: r.cover,
      links: out ? r.links : [],
      tracks: (lists.get(r.id) ?? []).map((t, i) => ({ ...t, position: i + 1, audioUrl: out ? t.audioUrl : null })),
      hasDownload: r.downloadTrackId !== null || r.downloadFile !== null,
    };
  });
}

/**
 * When an answer drawn from these releases at `now` changes by itself: the next releaseAt still
 * to come (ms), or undefined.
 */
export function nextReleaseSwitch(rows: { releaseAt: Date | string }[], now: number): number | undefined {
  let next: number | undefined;
  for (const r of rows) {
    const at = new Date(r.releaseAt).getTime();
    if (at > now && (next === undefined || at < next)) next = at;
  }
  return next;
}
