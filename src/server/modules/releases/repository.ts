import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { slugOf } from "@shared/release-services";
import type { ReleaseValues } from "@shared/schemas/releases";
import type { Db } from "../../db/client";
import { audioTracks, mediaFiles, releaseDownloads, releaseNotifies, releases, releaseTracks } from "../../db/schema";
import { conflict } from "../../lib/http-error";
import { hashToken, newToken } from "../../lib/tokens";
import { raiseReleasePublished } from "../../services/webhook-events";

type ReleaseRow = typeof releases.$inferSelect;

/** The confirmation links work this long (as the mailing list's and the RSVPs'). */
export const CONFIRM_LINK_TTL_MS = 48 * 60 * 60 * 1000;
/** One confirmation mail per release and address per 10 minutes at most, whoever asks. */
export const RESEND_AFTER_MS = 10 * 60 * 1000;

// ---------------------------------------------------------------- the admin's resource

/** Every release with its tracklist's ids and what it brought (the admin list and form). */
export async function listAdminReleases(db: Db, onlyId?: number) {
  const rows = await db
    .select()
    .from(releases)
    .where(onlyId === undefined ? undefined : eq(releases.id, onlyId))
    .orderBy(desc(releases.releaseAt), desc(releases.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [tracks, notifies, downloads] = await Promise.all([
    db.select().from(releaseTracks).where(inArray(releaseTracks.releaseId, ids)).orderBy(asc(releaseTracks.position)),
    db
      .select({ releaseId: releaseNotifies.releaseId, confirmed: count(releaseNotifies.confirmedAt), notified: count(releaseNotifies.notifiedAt) })
      .from(releaseNotifies)
      .where(inArray(releaseNotifies.releaseId, ids))
      .groupBy(releaseNotifies.releaseId),
    db
      .select({
        releaseId: releaseDownloads.releaseId,
        fans: count(releaseDownloads.confirmedAt),
        downloads: sql<number>`coalesce(sum(${releaseDownloads.downloads}), 0)::integer`,
        joined: sql<number>`(count(*) filter (where ${releaseDownloads.joinedList}))::integer`,
      })
      .from(releaseDownloads)
      .where(inArray(releaseDownloads.releaseId, ids))
      .groupBy(releaseDownloads.releaseId),
  ]);
  return rows.map((r) => {
    const n = notifies.find((x) => x.releaseId === r.id);
    const d = downloads.find((x) => x.releaseId === r.id);
    return {
      ...r,
      trackIds: tracks.filter((t) => t.releaseId === r.id).map((t) => t.trackId),
      notifyConfirmed: Number(n?.confirmed ?? 0),
      notified: Number(n?.notified ?? 0),
      downloadFans: Number(d?.fans ?? 0),
      downloads: Number(d?.downloads ?? 0),
      joinedList: Number(d?.joined ?? 0),
    };
  });
}
export type AdminReleaseRow = Awaited<ReturnType<typeof listAdminReleases>>[number];

export async function findAdminRelease(db: Db, id: number): Promise<AdminReleaseRow | null> {
  return (await listAdminReleases(db, id))[0] ?? null;
}

/** A slug no other release has: the one asked for (409 when taken), the stored one on an edit, or one made from the title ('-2', '-3'... when taken). */
async function freeSlug(db: Db, values: ReleaseValues, id: number | null): Promise<string> {
  const taken = async (slug: string) => {
    const [row] = await db.select({ id: releases.id }).from(releases).where(eq(releases.slug, slug)).limit(1);
    return row !== undefined && row.id !== id;
  };
  if (values.slug) {
    // named on the field too, so the form marks the page address, not only a toast
    if (await taken(values.slug)) throw conflict(`Another release already has the address /releases/${values.slug}`, { slug: `Another release already has the address /releases/${values.slug}` });
    return values.slug;
  }
  if (id !== null) {
    const [current] = await db.select({ slug: releases.slug }).from(releases).where(eq(releases.id, id)).limit(1);
    if (current) return current.slug; // an edit keeps its address unless asked to change it
  }
  // an all-digit slug would read as an id in /api/releases/{idOrSlug}
  const made = slugOf(values.title);
  const base = /^\d+$/.test(made) ? `release-${made}` : made;
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(slug))) return slug;
  }
}

/** The ids among `ids` that are no audio track (the caller answers 400). */
/** Whether `filePath` (/uploads/...) is a file the band uploaded (a typo, or a path made up, is not). */
export async function isUploadedFile(db: Db, filePath: string): Promise<boolean> {
  const [row] = await db.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.filePath, filePath)).limit(1);
  return Boolean(row);
}

export async function missingTracks(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: audioTracks.id }).from(audioTracks).where(inArray(audioTracks.id, ids));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

const columnsOf = (v: ReleaseValues, slug: string) => ({
  slug,
  title: v.title,
  type: v.type,
  releaseAt: new Date(v.releaseAt),
  description: v.description,
  coverImage: v.coverImage,
  links: v.links,
  published: v.published,
  downloadTrackId: v.downloadTrackId,
  downloadFile: v.downloadFile,
});

/** Creates (id null) or replaces a release with its tracklist, in one transaction; null when the id is unknown. */
export async function saveRelease(db: Db, id: number | null, values: ReleaseValues): Promise<AdminReleaseRow | null> {
  const slug = await freeSlug(db, values, id);
  const savedId = await db.transaction(async (tx) => {
    let row: ReleaseRow | undefined;
    if (id === null) [row] = await tx.insert(releases).values(columnsOf(values, slug)).returning();
    else [row] = await tx.update(releases).set({ ...columnsOf(values, slug), updatedAt: new Date() }).where(eq(releases.id, id)).returning();
    if (!row) return null;
    await tx.delete(releaseTracks).where(eq(releaseTracks.releaseId, row.id));
    if (values.trackIds.length) await tx.insert(releaseTracks).values(values.trackIds.map((trackId, i) => ({ releaseId: row.id, position: i + 1, trackId })));
    return row.id;
  });
  return savedId === null ? null : findAdminRelease(db, savedId);
}

export async function deleteRelease(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(releases).where(eq(releases.id, id)).returning({ id: releases.id });
  return rows.length > 0;
}

/** A published release by id, as the forms, the link and the round read it (null: none, or a draft). */
export async function findPublished(db: Db, id: number): Promise<ReleaseRow | null> {
  const [row] = await db.select().from(releases).where(and(eq(releases.id, id), eq(releases.published, true))).limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- 'E-mail me when it is out'

/**
 * Records 'e-mail me' and returns the raw token to mail, or null when no mail should go out
 * (confirmed already, or a mail went out less than RESEND_AFTER_MS ago). One statement whatever
 * the address (as the RSVPs' upsert, modules/rsvps/repository.ts).
 */
export async function saveNotify(db: Db, releaseId: number, email: string, now = new Date()): Promise<string | null> {
  const token = newToken();
  const resendAfter = new Date(now.getTime() - RESEND_AFTER_MS).toISOString();
  const [saved] = await db
    .insert(releaseNotifies)
    .values({ releaseId, email, tokenHash: hashToken(token), confirmSentAt: now })
    .onConflictDoUpdate({
      target: [releaseNotifies.releaseId, releaseNotifies.email],
      set: { tokenHash: sql`excluded.token_hash`, confirmSentAt: sql`excluded.confirm_sent_at` },
      setWhere: sql`${releaseNotifies.confirmedAt} is null and ${releaseNotifies.confirmSentAt} <= ${resendAfter}::timestamptz`,
    })
    .returning({ id: releaseNotifies.id });
  return saved ? token : null;
}

export type NotifyConfirmResult = { result: "confirmed" | "already" | "out"; releaseId: number } | { result: "invalid" | "expired"; releaseId?: number };

/** The mail's link: only the request whose UPDATE sets confirmed_at confirms; once the release is out it confirms nothing (the page has its links). */
export async function confirmNotify(db: Db, token: string, now = new Date()): Promise<NotifyConfirmResult> {
  const hash = hashToken(token);
  const validSince = new Date(now.getTime() - CONFIRM_LINK_TTL_MS).toISOString();
  const [confirmed] = await db
    .update(releaseNotifies)
    .set({ confirmedAt: now })
    .from(releases)
    .where(
      and(
        eq(releaseNotifies.tokenHash, hash),
        sql`${releaseNotifies.confirmedAt} is null`,
        sql`${releaseNotifies.confirmSentAt} > ${validSince}::timestamptz`,
        eq(releases.id, releaseNotifies.releaseId),
        sql`${releases.releaseAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ releaseId: releaseNotifies.releaseId });
  if (confirmed) return { result: "confirmed", releaseId: confirmed.releaseId };
  const [row] = await db
    .select({ confirmedAt: releaseNotifies.confirmedAt, releaseId: releaseNotifies.releaseId, releaseAt: releases.releaseAt })
    .from(releaseNotifies)
    .innerJoin(releases, eq(releases.id, releaseNotifies.releaseId))
    .where(eq(releaseNotifies.tokenHash, hash))
    .limit(1);
  if (!row) return { result: "invalid" };
  if (row.confirmedAt) return { result: "already", releaseId: row.releaseId };
  if (row.releaseAt.getTime() <= now.getTime()) return { result: "out", releaseId: row.releaseId };
  return { result: "expired", releaseId: row.releaseId };
}

export interface ClaimedNotify {
  id: number;
  releaseId: number;
  email: string;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Claims up to `want` confirmed addresses of published releases out at `now` and not told yet,
 * in one statement: the rows are locked with SKIP LOCKED and marked told in the same UPDATE, so
 * two instances (or a round run twice, or after a restart) never claim the same one.
 */
export async function claimDueNotifies(db: Db, want: number, now: Date): Promise<ClaimedNotify[]> {
  const result = await db.execute(sql`
    with due as (
      select n.id from ${releaseNotifies} n join ${releases} r on r.id = n.release_id
      where n.confirmed_at is not null and n.notified_at is null
        and r.published and r.release_at <= ${now.toISOString()}::timestamptz
      order by n.id
      limit ${want}::integer
      for update of n skip locked
    )
    update ${releaseNotifies} n set notified_at = ${now.toISOString()}::timestamptz
    from due where n.id = due.id
    returning n.id, n.release_id, n.email`);
  return rowsOf(result).map((r) => ({ id: Number(r.id), releaseId: Number(r.release_id), email: String(r.email) }));
}

/**
 * Releases that are out and not announced yet, each claimed once (FOR UPDATE SKIP LOCKED) and its
 * release.published webhook event queued in the same commit (issue 26): once across instances.
 */
export async function announceOutReleases(db: Db, now: Date, publicUrl: string): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update ${releases} r set out_announced_at = ${now.toISOString()}::timestamptz
      where r.id in (
        select id from ${releases}
        where published and out_announced_at is null and release_at <= ${now.toISOString()}::timestamptz
        order by release_at, id for update skip locked)
      returning r.id, r.title, r.slug, r.release_at`);
    const out = rowsOf(result);
    for (const r of out) {
      await raiseReleasePublished(tx, { id: Number(r.id), title: String(r.title), url: `${publicUrl}/releases/${String(r.slug)}`, releaseDate: new Date(r.release_at as string).toISOString() });
    }
    return out.length;
  });
}

/** Gives a claim back for a later round (its send failed for a reason worth retrying). */
export async function giveBackNotify(db: Db, id: number) {
  await db.update(releaseNotifies).set({ notifiedAt: null }).where(eq(releaseNotifies.id, id));
}

/** The releases of claimed mails, by id. */
export async function releasesByIds(db: Db, ids: number[]) {
  const rows = ids.length ? await db.select().from(releases).where(inArray(releases.id, [...new Set(ids)])) : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The earliest releaseAt still to come of a published release: when the round should look next.
 * Whether anyone is waiting for it is not asked, so an address confirmed after this read is
 * still told at that instant.
 */
export async function nextDueAt(db: Db, now: Date): Promise<Date | null> {
  const result = await db.execute(sql`
    select min(r.release_at) as at from ${releases} r
    where r.published and r.release_at > ${now.toISOString()}::timestamptz`);
  const at = rowsOf(result)[0]?.at;
  return at ? new Date(at as string) : null;
}

// ---------------------------------------------------------------- the free download

/** Records a download request and returns the raw confirmation token to mail, or null (confirmed already, or mailed moments ago). */
export async function saveDownloadRequest(db: Db, releaseId: number, email: string, now = new Date()): Promise<string | null> {
  const token = newToken();
  const resendAfter = new Date(now.getTime() - RESEND_AFTER_MS).toISOString();
  const [saved] = await db
    .insert(releaseDownloads)
    .values({ releaseId, email, tokenHash: hashToken(token), confirmSentAt: now })
    .onConflictDoUpdate({
      target: [releaseDownloads.releaseId, releaseDownloads.email],
      set: { tokenHash: sql`excluded.token_hash`, confirmSentAt: sql`excluded.confirm_sent_at` },
      setWhere: sql`${releaseDownloads.confirmedAt} is null and ${releaseDownloads.confirmSentAt} <= ${resendAfter}::timestamptz`,
    })
    .returning({ id: releaseDownloads.id });
  return saved ? token : null;
}

export type DownloadConfirmResult =
  | { result: "confirmed"; id: number; releaseId: number; email: string; downloadToken: string; expiresAt: Date }
  | { result: "already"; releaseId: number }
  | { result: "invalid" | "expired"; releaseId?: number };

/**
 * The download mail's link: confirms the address (only one request wins) and mints the personal
 * download link (stored hashed), which works `validMs` from now.
 */
export async function confirmDownload(db: Db, token: string, validMs: number, now = new Date()): Promise<DownloadConfirmResult> {
  const hash = hashToken(token);
  const validSince = new Date(now.getTime() - CONFIRM_LINK_TTL_MS).toISOString();
  const downloadToken = newToken();
  const expiresAt = new Date(now.getTime() + validMs);
  const [confirmed] = await db
    .update(releaseDownloads)
    .set({ confirmedAt: now, downloadHash: hashToken(downloadToken), downloadExpiresAt: expiresAt })
    .where(and(eq(releaseDownloads.tokenHash, hash), sql`${releaseDownloads.confirmedAt} is null`, sql`${releaseDownloads.confirmSentAt} > ${validSince}::timestamptz`))
    .returning({ id: releaseDownloads.id, releaseId: releaseDownloads.releaseId, email: releaseDownloads.email });
  if (confirmed) return { result: "confirmed", ...confirmed, downloadToken, expiresAt };
  const [row] = await db.select({ confirmedAt: releaseDownloads.confirmedAt, releaseId: releaseDownloads.releaseId }).from(releaseDownloads).where(eq(releaseDownloads.tokenHash, hash)).limit(1);
  if (!row) return { result: "invalid" };
  if (row.confirmedAt) return { result: "already", releaseId: row.releaseId };
  return { result: "expired", releaseId: row.releaseId };
}

export async function markJoinedList(db: Db, id: number) {
  await db.update(releaseDownloads).set({ joinedList: true }).where(eq(releaseDownloads.id, id));
}

/**
 * One download through a personal link: counted by one UPDATE that succeeds only while the link
 * is within its time and under `limit` uses, so two downloads at once can never both take the
 * last one. Answers the release's id, or why not.
 */
export async function takeDownload(db: Db, token: string, limit: number, now = new Date()): Promise<{ ok: true; releaseId: number } | { ok: false; why: "unknown" | "expired" | "used" }> {
  const hash = hashToken(token);
  const [taken] = await db
    .update(releaseDownloads)
    .set({ downloads: sql`${releaseDownloads.downloads} + 1` })
    .where(and(eq(releaseDownloads.downloadHash, hash), sql`${releaseDownloads.downloads} < ${limit}`, sql`${releaseDownloads.downloadExpiresAt} > ${now.toISOString()}::timestamptz`))
    .returning({ releaseId: releaseDownloads.releaseId });
  if (taken) return { ok: true, releaseId: taken.releaseId };
  const [row] = await db.select({ downloads: releaseDownloads.downloads }).from(releaseDownloads).where(eq(releaseDownloads.downloadHash, hash)).limit(1);
  if (!row) return { ok: false, why: "unknown" };
  return { ok: false, why: row.downloads >= limit ? "used" : "expired" };
}

/** Gives a download back (its file could not be opened). */
export async function giveBackDownload(db: Db, token: string) {
  await db
    .update(releaseDownloads)
    .set({ downloads: sql`greatest(${releaseDownloads.downloads} - 1, 0)` })
    .where(eq(releaseDownloads.downloadHash, hashToken(token)));
}

/** The free download's file: its stored site path and the name to save it as, or null (none offered). */
export async function downloadOf(db: Db, release: ReleaseRow): Promise<{ path: string; name: string } | null> {
  if (release.downloadTrackId !== null) {
    const [track] = await db.select({ audioUrl: audioTracks.audioUrl, title: audioTracks.title, artist: audioTracks.artist }).from(audioTracks).where(eq(audioTracks.id, release.downloadTrackId)).limit(1);
    if (!track) return null;
    const ext = /\.([a-z0-9]{1,5})$/i.exec(track.audioUrl)?.[1] ?? "mp3";
    return { path: track.audioUrl, name: `${track.artist} - ${track.title}.${ext.toLowerCase()}` };
  }
  if (release.downloadFile) {
    const [file] = await db.select({ originalName: mediaFiles.originalName }).from(mediaFiles).where(eq(mediaFiles.filePath, release.downloadFile)).limit(1);
    const ext = /\.([a-z0-9]{1,5})$/i.exec(release.downloadFile)?.[1] ?? "";
    return { path: release.downloadFile, name: file?.originalName || `${release.title}${ext ? `.${ext}` : ""}` };
  }
  return null;
}
