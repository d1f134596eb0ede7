import { z } from "zod";
import { dataAnswer, savedAnswer, timestamp } from "./answers";

export const USERNAME_MIN = "Username must be at least 3 characters long";
export const USERNAME_CHARSET = "Username may only use letters a-z, digits, '.', '_' and '-'";
export const PASSWORD_MIN = "Password must be at least 8 characters long";

// Control, format (zero-width, bidi marks) and other invisible characters: two names that look
// the same must not be two accounts.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/**
 * NFKC (full-width 'ａｄｍｉｎ' becomes 'admin'), trimmed, and ASCII only: letters of other scripts
 * are refused because Cyrillic 'а' and Latin 'a' look identical. Case is kept for display but
 * uniqueness and login ignore it (unique index on lower(username)).
 */
export const usernameSchema = z
  .string({ message: USERNAME_MIN })
  .overwrite((v) => v.normalize("NFKC"))
  .trim()
  .min(3, USERNAME_MIN)
  .max(50, "Username is too long (50 characters at most)")
  .refine((v) => !INVISIBLE.test(v), "Username cannot contain invisible or control characters")
  .regex(/^[A-Za-z0-9._-]*$/, USERNAME_CHARSET);

// Optional: '' and null both mean "no e-mail".
const email = z
  .string({ message: "Please enter a valid email address" })
  .trim()
  .max(254, "Email is too long")
  .pipe(z.union([z.literal(""), z.email({ message: "Please enter a valid email address" })]))
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null));

// Characters, not UTF-16 units: four emoji are four characters.
const length = (v: string) => Array.from(v).length;

/**
 * Length and plain sanity only (OWASP ASVS 5.0 V6: at least 8, at least 64 allowed, no
 * composition rules). Whether it is common or guessable needs the dictionary in
 * `@shared/password-strength`, which the server checks on top of this schema.
 */
export const passwordSchema = z
  .string({ message: PASSWORD_MIN })
  .refine((v) => length(v) >= 8, PASSWORD_MIN)
  .refine((v) => length(v) <= 200, "Password is too long (200 characters at most)")
  .refine((v) => !/\p{Cc}/u.test(v), "Password cannot contain control characters (such as tabs, line breaks or NUL)")
  .refine((v) => /\S/u.test(v), "Password cannot be only spaces");

/** Case-insensitive, after NFKC on both sides. */
export function passwordContainsUsername(password: string, username: string): boolean {
  const name = username.normalize("NFKC").trim().toLowerCase();
  // a name too short to be valid says nothing yet (its own message shows)
  return name.length >= 3 && password.normalize("NFKC").toLowerCase().includes(name);
}

export const PASSWORD_HAS_USERNAME = "Password must not contain the username";

function notContainingUsername(v: { username: string; password?: string }, ctx: z.RefinementCtx) {
  if (typeof v.username !== "string" || typeof v.password !== "string") return;
  if (passwordContainsUsername(v.password, v.username)) {
    ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_HAS_USERNAME });
  }
}

/** POST /api/users */
export const userCreateInput = z.object({ username: usernameSchema, email, password: passwordSchema }).superRefine(notContainingUsername);

/** PUT /api/users/{id}: a blank or missing password keeps the current one (spec section 5). */
export const userUpdateInput = z
  .object({
    username: usernameSchema,
    email,
    password: z.union([z.literal(""), passwordSchema]).nullish().transform((v) => v || undefined),
  })
  .superRefine(notContainingUsername);

export const userActiveInput = z.object({
  isActive: z.boolean({ message: "isActive must be true or false" }),
});

export type UserCreateInput = z.input<typeof userCreateInput>;
export type UserUpdateInput = z.input<typeof userUpdateInput>;

/** An admin account as the API sends it: never the password hash. */
export const adminUserRecord = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  createdAt: timestamp,
});
export type AdminUser = z.input<typeof adminUserRecord>;

export const adminUserAnswers = { list: dataAnswer(z.array(adminUserRecord)), item: dataAnswer(adminUserRecord), saved: savedAnswer(adminUserRecord) };
