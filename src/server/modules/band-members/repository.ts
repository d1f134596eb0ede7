import { eq } from "drizzle-orm";
import type { BandMemberValues } from "@shared/schemas/band-members";
import type { Db } from "../../db/client";
import { bandMembers } from "../../db/schema";

type Changes = Partial<typeof bandMembers.$inferInsert>;

export async function findMember(db: Db, id: number) {
  const [row] = await db.select().from(bandMembers).where(eq(bandMembers.id, id)).limit(1);
  return row ?? null;
}

export async function createMember(db: Db, values: BandMemberValues) {
  const [row] = await db.insert(bandMembers).values(values).returning();
  return row;
}

async function updateMember(db: Db, id: number, changes: Changes) {
  const [row] = await db
    .update(bandMembers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(bandMembers.id, id))
    .returning();
  return row ?? null;
}

/**
 * PUT replaces the member's fields. imageUrl undefined keeps the photo (the form sends it only
 * for a new file). Social links the form does not edit (spotify, website...) are kept, the
 * sent ones replace theirs.
 */
export async function replaceMember(db: Db, id: number, values: Omit<BandMemberValues, "imageUrl"> & { imageUrl?: string | null }) {
  const current = await findMember(db, id);
  if (!current) return null;
  const { imageUrl, ...rest } = values;
  const changes: Changes = { ...rest, socialLinks: { ...current.socialLinks, ...values.socialLinks } };
  if (imageUrl !== undefined) changes.imageUrl = imageUrl;
  return updateMember(db, id, changes);
}

export const setMemberActive = (db: Db, id: number, isActive: boolean) => updateMember(db, id, { isActive });

export async function deleteMember(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(bandMembers).where(eq(bandMembers.id, id)).returning({ id: bandMembers.id });
  return rows.length > 0;
}
