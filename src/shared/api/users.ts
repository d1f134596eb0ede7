/** Admin accounts (spec section 7). */
export type { AdminUser, UserCreateInput, UserUpdateInput } from "../schemas/users";

export const usersApi = {
  list: "/api/users",
  item: (id: number) => `/api/users/${id}`,
  activeFlag: (id: number) => `/api/users/${id}/active`,
} as const;

export const userListKeys = [usersApi.list];
