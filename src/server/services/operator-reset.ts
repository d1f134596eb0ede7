import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { passwordResetTokens, users } from "../db/schema";
import { hashToken, newToken } from "../lib/tokens";

/** Long enough to go from the server's console to a browser; single use like a mailed link. */
export const OPERATOR_RESET_VALID_MINUTES = 60;

export class OperatorResetError extends Error {}

/**
 * The way back in for whoever has a shell on the server (issue 21: an admin without an e-mail
 * address who lost the password): a single-use reset link for USERNAME, printed by
 * `npm run admin:reset-password -- USERNAME`. The link is the one 'Forgot password?' mails
 * (the same table, the same page, the same policy for the new password), so nothing new is
 * trusted; it never goes to a log.
 */
export async function operatorResetLink(db: Db, publicUrl: string, username: string): Promise<{ username: string; url: string; validMinutes: number }> {
  const [user] = await db
    .select({ id: users.id, username: users.username, isActive: users.isActive, isAdmin: users.isAdmin })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.normalize("NFKC").trim()})`)
    .limit(1);
  if (!user) throw new OperatorResetError(`There is no user "${username}". The users are listed in Admin > Users; the first one is ADMIN_USERNAME (default: admin).`);
  if (!user.isActive || !user.isAdmin) throw new OperatorResetError(`"${user.username}" is deactivated; reset the password of an active admin, then reactivate it in Admin > Users.`);
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), lt(passwordResetTokens.expiresAt, new Date())));
  const token = newToken();
  await db.insert(passwordResetTokens).values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + OPERATOR_RESET_VALID_MINUTES * 60_000) });
  return { username: user.username, url: `${publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`, validMinutes: OPERATOR_RESET_VALID_MINUTES };
}
