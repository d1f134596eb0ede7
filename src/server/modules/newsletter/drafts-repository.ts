import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { newsletterDraftInput } from "@shared/schemas/newsletter";
import type { Db } from "../../db/client";
import { newsletterDrafts } from "../../db/schema";

/** The draft as the route has it after validation (defaults filled in). */
type DraftInput = z.output<typeof newsletterDraftInput>;
export type DraftRow = typeof newsletterDrafts.$inferSelect;

const fields = (input: DraftInput) => ({
  subject: input.subject,
  content: input.content,
  targetShows: input.targetShows,
  targetReleases: input.targetReleases,
  targetMerch: input.targetMerch,
  regions: [...input.regions],
  scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
  nearShowId: input.near?.showId ?? null,
  nearMiles: input.near?.miles ?? null,
});

/** A draft as the API sends it: the radius as `near` ({ showId, miles } or null). */
export function draftOf(row: DraftRow) {
  const { nearShowId, nearMiles, ...rest } = row;
  return { ...rest, near: nearShowId === null || nearMiles === null ? null : { showId: nearShowId, miles: nearMiles } };
}

/** The band's drafts, the one edited last first. */
export async function listDrafts(db: Db) {
  return (await db.select().from(newsletterDrafts).orderBy(desc(newsletterDrafts.updatedAt), desc(newsletterDrafts.id))).map(draftOf);
}

export async function getDraft(db: Db, id: number): Promise<DraftRow | null> {
  const [row] = await db.select().from(newsletterDrafts).where(eq(newsletterDrafts.id, id));
  return row ?? null;
}

/**
 * A new draft, unless the band already keeps `max` of them (null then). The limit only keeps the
 * list short: two drafts started at the very same moment may both pass it, which does no harm.
 */
export async function createDraft(db: Db, input: DraftInput, username: string | null, max: number): Promise<DraftRow | null> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(newsletterDrafts);
  if (n >= max) return null;
  const [created] = await db
    .insert(newsletterDrafts)
    .values({ ...fields(input), createdBy: username, updatedBy: username })
    .returning();
  return created;
}

export type DraftUpdate = { saved: DraftRow } | { conflict: DraftRow } | null;

/**
 * Saves the composer over draft `id`. With `input.revision` the save lands only on that
 * revision (one statement: the check and the write cannot be split by another save); otherwise
 * over whatever is there. Returns the saved draft, the newer one that refused the save, or null
 * when there is no such draft (sent, scheduled or discarded meanwhile).
 */
export async function updateDraft(db: Db, id: number, input: DraftInput, username: string | null): Promise<DraftUpdate> {
  const [saved] = await db
    .update(newsletterDrafts)
    .set({ ...fields(input), revision: sql`${newsletterDrafts.revision} + 1`, updatedBy: username, updatedAt: sql`now()` })
    .where(and(eq(newsletterDrafts.id, id), input.revision === undefined ? undefined : eq(newsletterDrafts.revision, input.revision)))
    .returning();
  if (saved) return { saved };
  const current = await getDraft(db, id);
  return current ? { conflict: current } : null;
}

/** Removes a draft (discarded, or consumed by a send); returns what it was called, null if it was gone. */
export async function deleteDraft(db: Db, id: number): Promise<{ id: number; subject: string } | null> {
  const [gone] = await db.delete(newsletterDrafts).where(eq(newsletterDrafts.id, id)).returning({ id: newsletterDrafts.id, subject: newsletterDrafts.subject });
  return gone ?? null;
}
