import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { passwordProblem } from "@shared/password-strength";
import { PASSWORD_HAS_USERNAME, passwordContainsUsername } from "@shared/schemas/users";
import { RESET_LINK_INVALID } from "@shared/schemas/auth";
import { passwordResetTokens, users } from "../../db/schema";
import { badRequest } from "../../lib/http-error";
import { hashToken, newToken } from "../../lib/tokens";
import { accountDeactivatedMail, passwordResetMail } from "../../mail/templates";
import { countHit } from "../../plugins/rate-limit-store";
import { hashPassword } from "../../lib/passwords";
import { deleteSessionsExcept, endResetLinks } from "../../services/sessions";
import { bandName } from "../../services/settings";

export const RESET_VALID_MINUTES = 30;
/** Mails to one address per window: the per-IP limit alone would let many addresses flood one inbox. */
export const RESET_MAILS_PER_ADDRESS = 3;
const ADDRESS_WINDOW_MS = 60 * 60 * 1000;

export { RESET_LINK_INVALID };

/**
 * The mails for a forgot-password request: one per admin account using the address (each names
 * its account): an active one's with a fresh single-use token stored as its SHA-256, a
 * deactivated one's saying whom to ask instead. Runs in the
 * background (sendInBackground), so the answer takes the same time whether the address is known.
 */
export async function buildResetMails(app: FastifyInstance, email: string) {
  const { current } = await countHit(app.db, `password-reset-mail ${email}`, ADDRESS_WINDOW_MS);
  if (current > RESET_MAILS_PER_ADDRESS) {
    app.log.info("password reset: address limit reached, no mail sent");
    return null;
  }
  const accounts = await app.db
    .select({ id: users.id, username: users.username, email: users.email, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, eq(users.isAdmin, true)));
  if (accounts.length === 0) return null;
  const band = await bandName(app);
  const mails = [];
  for (const account of accounts) {
    // a deactivated account gets no link (it could not sign in with it), but is told whom to ask
    if (!account.isActive) {
      mails.push(accountDeactivatedMail({ bandName: band, to: account.email!, username: account.username }));
      continue;
    }
    // the account's dead links go now, so the table never grows with old requests
    await app.db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, account.id), lt(passwordResetTokens.expiresAt, new Date())));
    const token = newToken();
    // stored only while the account still has this address and this password: a change made since
    // the lookup above ended the account's links (endResetLinks), and must end this one too
    const expiresAt = new Date(Date.now() + RESET_VALID_MINUTES * 60 * 1000).toISOString();
    const stored = await app.db.execute(sql`
      insert into ${passwordResetTokens} (token_hash, user_id, expires_at)
      select ${hashToken(token)}, ${users.id}, ${expiresAt}::timestamptz from ${users}
      where ${users.id} = ${account.id} and lower(${users.email}) = ${email} and ${users.passwordHash} = ${account.passwordHash}
        and ${users.isActive} and ${users.isAdmin}
      returning token_hash`);
    if ((stored as unknown as { rows: unknown[] }).rows.length === 0) continue;
    const resetUrl = `${app.config.PUBLIC_URL}/admin/reset-password?token=${encodeURIComponent(token)}`;
    mails.push(passwordResetMail({ bandName: band, to: account.email!, username: account.username, resetUrl, validMinutes: RESET_VALID_MINUTES }));
  }
  return mails;
}

/** A link that still works: this token, not used, not expired. */
const liveLink = (token: string) => and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date()));

/** The live link's account, if any. */
async function linkAccount(app: FastifyInstance, token: string) {
  const [found] = await app.db
    .select({ userId: users.id, username: users.username, isActive: users.isActive })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(liveLink(token))
    .limit(1);
  return found?.isActive ? found : null;
}

/** Whether a reset link would still work (unused, unexpired, its account active): the page says so before its form. */
export async function resetLinkIsValid(app: FastifyInstance, token: string): Promise<boolean> {
  return (await linkAccount(app, token)) !== null;
}

/** The password policy of the user form (length checked by the schema): not the username, not guessable. */
export function checkNewPassword(password: string, username: string, field: string) {
  const problem = passwordContainsUsername(password, username) ? PASSWORD_HAS_USERNAME : passwordProblem(password, [username]);
  if (problem) throw badRequest(`${field}: ${problem}`, { [field]: problem });
}

/**
 * Sets the new password of the token's account, once: the token is claimed with one conditional
 * update, so two tabs sending the same link cannot both succeed. Ends every session of the user
 * and removes the account's reset links, this one included (a changed e-mail address or password
 * ends them too: endResetLinks in services/sessions.ts).
 */
export async function resetPassword(app: FastifyInstance, token: string, password: string) {
  const live = liveLink(token);
  const found = await linkAccount(app, token);
  if (!found) throw badRequest(RESET_LINK_INVALID);
  // checked before the token is used, so a refused password leaves the link working
  checkNewPassword(password, found.username, "password");
  const passwordHash = await hashPassword(password);
  const claimed = await app.db.update(passwordResetTokens).set({ usedAt: new Date() }).where(live).returning({ userId: passwordResetTokens.userId });
  if (claimed.length === 0) throw badRequest(RESET_LINK_INVALID);
  await app.db.update(users).set({ passwordHash }).where(eq(users.id, found.userId));
  await deleteSessionsExcept(app.db, found.userId);
  // this link (claimed above, so it can never work again) and the account's other links
  await endResetLinks(app.db, found.userId);
  return { id: found.userId, username: found.username };
}
