import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

/** The addresses of the band's active admins who gave one: whom the site's own notices go to (a new message, a paused webhook). */
export async function activeAdminAddresses(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isActive, true), eq(users.isAdmin, true), isNotNull(users.email)));
  return rows.map((r) => r.email!);
}
