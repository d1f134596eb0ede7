import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { hashPassword } from "../../lib/passwords";
import { deleteUserSessions, endResetLinks } from "../../services/sessions";

type Row = typeof users.$inferSelect;

/** Never the password hash. */
export function toAdminUser(r: Row) {
  return { id: r.id, username: r.username, email: r.email, isAdmin: r.isAdmin, isActive: r.isActive, createdAt: r.createdAt.toISOString() };
}

/** Postgres unique_violation, as PGlite and node-postgres report it (possibly wrapped by Drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

export async function listUsers(db: Db) {
  return (await db.select().from(users).orderBy(asc(users.id))).map(toAdminUser);
}

export async function findUser(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ? toAdminUser(row) : null;
}

export async function createUser(db: Db, input: { username: string; email: string | null; password: string }) {
  const [row] = await db
    .insert(users)
    .values({ username: input.username, email: input.email, passwordHash: await hashPassword(input.password), isAdmin: true, isActive: true })
    .returning();
  return toAdminUser(row);
}

/**
 * A new password also ends the user's other sessions (in the route), as anyone would expect. A new
 * password or a changed e-mail address ends the user's pending reset links (issue 20).
 */
export async function updateUser(db: Db, id: number, input: { username: string; email: string | null; password?: string }) {
  const set: Partial<typeof users.$inferInsert> = { username: input.username, email: input.email };
  if (input.password) set.passwordHash = await hashPassword(input.password);
  const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1);
  if (!before) return null;
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  if (!row) return null;
  if (input.password || addressKey(before.email) !== addressKey(row.email)) await endResetLinks(db, id);
  return toAdminUser(row);
}

const addressKey = (email: string | null) => (email ?? "").trim().toLowerCase();

/** Deactivation ends every session of that user at once (the session lookup checks isActive too). */
export async function setUserActive(db: Db, id: number, isActive: boolean) {
  const [row] = await db.update(users).set({ isActive }).where(eq(users.id, id)).returning();
  if (row && !isActive) await deleteUserSessions(db, id);
  return row ? toAdminUser(row) : null;
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
