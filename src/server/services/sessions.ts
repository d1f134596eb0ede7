import { and, eq, lt, ne, or } from "drizzle-orm";
import { SESSION_DAYS, SESSION_IDLE_HOURS } from "@shared/privacy";
import type { Db } from "../db/client";
import { passwordResetTokens, sessions, users } from "../db/schema";
import { hashToken, newToken } from "../lib/tokens";

// a day's work with the tab left open; the privacy page states both (shared/privacy.ts)
export const SESSION_IDLE_MS = SESSION_IDLE_HOURS * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export interface SessionUser {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
}

export interface ActiveSession {
  sessionId: number;
  csrfToken: string;
  user: SessionUser;
}

export async function createSession(db: Db, userId: number) {
  const token = newToken();
  const csrfToken = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    csrfToken,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
  });
  return { token, csrfToken };
}

/**
 * The session behind a raw token, if it is live and belongs to an active admin.
 * A deactivated or demoted admin is refused on the very next request.
 */
export async function findSession(db: Db, token: string): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ s: sessions, u: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  const expired = row.s.expiresAt.getTime() <= now || row.s.lastSeenAt.getTime() + SESSION_IDLE_MS <= now;
  if (expired) {
    await db.delete(sessions).where(eq(sessions.id, row.s.id));
    return null;
  }
  if (!row.u.isActive || !row.u.isAdmin) return null;
  if (now - row.s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, row.s.id));
  }
  return {
    sessionId: row.s.id,
    csrfToken: row.s.csrfToken,
    user: { id: row.u.id, username: row.u.username, email: row.u.email, isAdmin: row.u.isAdmin },
  };
}

export async function deleteSession(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends a user's sessions, keeping `keepSessionId` (the admin making the change, if it is them). */
export async function deleteSessionsExcept(db: Db, userId: number, keepSessionId?: number) {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

/**
 * Ends the user's pending password reset links (issue 20): a new e-mail address or a new password
 * (from any path: own password, Admin > Users, a reset itself) makes every link mailed before it
 * worthless, so a link in an old inbox cannot take the account back.
 */
export async function endResetLinks(db: Db, userId: number) {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

export async function purgeExpiredSessions(db: Db) {
  const now = new Date();
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
}
