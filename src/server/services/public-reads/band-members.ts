import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bandMembers } from "../../db/schema";
import { withImages } from "../images/responsive-images";

type Member = typeof bandMembers.$inferSelect;

/** Public lists treat a missing sortOrder as 99 (spec section 9); ties go by name. */
export const PUBLIC_DEFAULT_SORT_ORDER = 99;
export function comparePublic(a: Member, b: Member) {
  const byOrder = (a.sortOrder ?? PUBLIC_DEFAULT_SORT_ORDER) - (b.sortOrder ?? PUBLIC_DEFAULT_SORT_ORDER);
  return byOrder || a.name.localeCompare(b.name);
}

/** Admin order (spec section 4): active first, then sortOrder when both have one, otherwise by name. */
export function compareAdmin(a: Member, b: Member) {
  if (a.isActive !== b.isActive) return a.isActive ? -1 : 1;
  if (a.sortOrder != null && b.sortOrder != null && a.sortOrder !== b.sortOrder) return a.sortOrder - b.sortOrder;
  return a.name.localeCompare(b.name);
}

/** `mediaBase`: MEDIA_PUBLIC_URL, where the image variants are linked (decision 039). */
export async function listActiveMembers(db: Db, mediaBase = "") {
  const rows = await db.select().from(bandMembers).where(eq(bandMembers.isActive, true));
  // the photo's resized variants ride along, so the page can offer a phone a small one
  return withImages(db, rows.sort(comparePublic), (m) => m.imageUrl, "image", mediaBase);
}

export async function listAllMembers(db: Db) {
  const rows = await db.select().from(bandMembers);
  return rows.sort(compareAdmin);
}
