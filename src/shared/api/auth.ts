/** Admin sign-in (spec section 7). */
export type { AdminRecord, LoginInput } from "../schemas/auth";

export const authApi = {
  login: "/api/admin/login",
  me: "/api/admin/me",
  refresh: "/api/refresh-token",
  logout: "/api/admin/logout",
} as const;
