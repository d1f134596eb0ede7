/** Admin sign-in (spec section 7). */
export type { AdminRecord, ChangePasswordInput, ForgotPasswordInput, LoginInput, ResetPasswordInput } from "../schemas/auth";

export const authApi = {
  login: "/api/admin/login",
  me: "/api/admin/me",
  refresh: "/api/refresh-token",
  logout: "/api/admin/logout",
  /** always the same neutral answer; mails a 30-minute single-use link when the address is known */
  forgotPassword: "/api/admin/forgot-password",
  resetPassword: "/api/admin/reset-password",
  /** POST { token }: { valid } (the reset page asks before showing its form) */
  resetLinkCheck: "/api/admin/reset-password/check",
  /** the signed-in admin's own password (admin scope) */
  ownPassword: "/api/admin/password",
} as const;
