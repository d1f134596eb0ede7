import { z } from "zod";
import { passwordSchema } from "./users";

export const loginInput = z.object({
  // NFKC like usernames are stored (full-width letters become ASCII); case is ignored on lookup
  username: z
    .string({ message: "Username is required" })
    .overwrite((v) => v.normalize("NFKC"))
    .trim()
    .min(1, "Username is required")
    .max(100, "Username is too long"),
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The admin record the client keeps under the `admin` storage key. */
export const adminRecord = z.object({ id: z.number(), username: z.string(), isAdmin: z.boolean() });
export type AdminRecord = z.input<typeof adminRecord>;

/** Login, me and refresh: the spec's field names (`user`, `token`, `csrfToken`) next to `data`. */
export const authAnswers = {
  login: z.object({ success: z.boolean(), message: z.string(), data: adminRecord, user: adminRecord, token: z.string(), csrfToken: z.string() }),
  me: z.object({ success: z.boolean(), data: adminRecord, user: adminRecord, csrfToken: z.string() }),
  refreshed: z.object({ success: z.boolean(), message: z.string(), token: z.string(), csrfToken: z.string(), user: adminRecord }),
};

/** POST /api/admin/forgot-password: the answer is the same whether or not an account uses it. */
export const forgotPasswordInput = z.object({
  email: z
    .string({ message: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email({ message: "Please enter a valid email address" }))
    .transform((v) => v.toLowerCase()),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>;

/**
 * Login with the right password for a deactivated account (Admin > Users). Only said after the
 * password matched, so it tells a stranger nothing; without it the band member is told their
 * password is wrong and goes round the forgot-password loop.
 */
export const ACCOUNT_DEACTIVATED = "This account is deactivated. Another admin can activate it again in Admin > Users.";

/** The one neutral answer of forgot-password (never says whether the address is known). */
export const FORGOT_PASSWORD_ANSWER = "If an account uses that address, a reset link is on its way. It works for 30 minutes.";

/** POST /api/admin/reset-password: the mailed token and the new password (same policy as the user form). */
export const resetPasswordInput = z.object({
  token: z.string({ message: "The reset link is missing its token" }).min(1, "The reset link is missing its token").max(200, "The reset link is not valid"),
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

/** What a used, expired or unknown reset link is told (the page says it before its form). */
export const RESET_LINK_INVALID = "This reset link has expired or was already used. Ask for a new one on the login page.";

/** POST /api/admin/reset-password/check: is a mailed link still good, before the admin types a new password. */
export const resetLinkCheckInput = resetPasswordInput.pick({ token: true });
export const resetLinkCheckAnswer = z.object({ success: z.boolean(), data: z.object({ valid: z.boolean() }) });

/** PUT /api/admin/password: the signed-in admin's own password. */
export const changePasswordInput = z.object({
  currentPassword: z.string({ message: "Current password is required" }).min(1, "Current password is required").max(200, "Password is too long"),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;
