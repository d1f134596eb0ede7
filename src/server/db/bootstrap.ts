import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { passwordProblem } from "@shared/password-strength";
import { passwordContainsUsername } from "@shared/schemas/users";
import type { AppConfig } from "../config";
import { users } from "./schema";
import type { Db } from "./client";
import { hashPassword } from "../lib/passwords";

/**
 * 16 random base64url characters (96 bits). Drawn again in the rare case one happens to hold the
 * username or trip the guessability check, so the printed password always meets the policy.
 */
export function generatePassword(username: string): string {
  for (;;) {
    const password = randomBytes(12).toString("base64url");
    if (!passwordContainsUsername(password, username) && !passwordProblem(password, [username])) return password;
  }
}

// Without an address 'Forgot password?' cannot reach the admin: say so where the password is shown.
const NO_EMAIL_HINT =
  "  No e-mail address for this admin: add yours in Admin > Users (or set ADMIN_EMAIL before the first start),\n" +
  "  so that 'Forgot password?' can send you a reset link. Locked out anyway? On the server:\n" +
  "  npm run admin:reset-password -- USERNAME   (prints a single-use link to choose a new password)\n";

/**
 * First run: with no users at all, create the primary admin (id 1) from ADMIN_USERNAME /
 * ADMIN_PASSWORD, or with a random password printed once.
 */
export async function ensurePrimaryAdmin(db: Db, config: AppConfig, log: Pick<FastifyBaseLogger, "info" | "warn">) {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;
  const username = config.ADMIN_USERNAME ?? "admin";
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? generatePassword(username);
  const email = config.ADMIN_EMAIL ?? null;
  await db.insert(users).values({ id: 1, username, email, passwordHash: await hashPassword(password), isAdmin: true, isActive: true });
  // keep the serial in step after inserting id 1 explicitly
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
  if (generated) {
    // Printed once, on purpose, so the owner can sign in; it is never stored in clear.
    console.log(`\n  Primary admin created.\n    username: ${username}\n    password: ${password}\n  Change it in Admin > Users after signing in.\n${email ? "" : NO_EMAIL_HINT}`);
  } else {
    log.info({ username }, "primary admin created from ADMIN_USERNAME / ADMIN_PASSWORD");
    if (!email) log.warn({ username }, NO_EMAIL_HINT.replace(/\s+/g, " ").trim());
  }
  return { username, password };
}
