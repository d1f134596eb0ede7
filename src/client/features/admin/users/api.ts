import { useQuery } from "@tanstack/react-query";
import { userListKeys, usersApi, type AdminUser } from "@shared/api/users";
import { ApiError, errorMessage } from "@client/lib/api-client";
import { urlQuery } from "@client/lib/query-client";
import { useItem, useResourceMutation } from "@client/lib/resource";

export const usersQuery = () => urlQuery<AdminUser[]>(usersApi.list);
export const userQuery = (id: number) => urlQuery<AdminUser>(usersApi.item(id));

export const useUsers = () => useQuery(usersQuery());
/** The edit form's user; none on the add form. */
export const useUser = (id: number | null) => useItem(id === null ? null : userQuery(id));

export function useDeleteUser() {
  return useResourceMutation<number>({
    method: "DELETE",
    url: usersApi.item,
    invalidate: userListKeys,
    successToast: "User deleted",
    errorToast: "Failed to delete user. Please try again.",
  });
}

/** Sends the opposite of the row's current value. */
export function useToggleUserActive() {
  return useResourceMutation<AdminUser>({
    method: "PUT",
    url: (u) => usersApi.activeFlag(u.id),
    body: (u) => ({ isActive: !u.isActive }),
    invalidate: userListKeys,
    successToast: (_res, u) => (u.isActive ? "Deactivated" : "Activated"),
    errorToast: "Failed to update user status. Please try again.",
  });
}

export type UserPayload = { username: string; email: string | null; password?: string };

/** Create (no user) or update; `onError` gets the failure after the toast (e.g. to mark fields). */
export function useSaveUser(user: AdminUser | undefined, opts: { onSuccess: () => void; onError: (err: Error) => void }) {
  return useResourceMutation<UserPayload>({
    method: user ? "PUT" : "POST",
    url: user ? usersApi.item(user.id) : usersApi.list,
    invalidate: user ? [...userListKeys, usersApi.item(user.id)] : userListKeys,
    successToast: user ? "User updated" : "User created",
    // A taken username says so plainly; other failures use the spec's words.
    errorToast: (err) =>
      err instanceof ApiError && err.status === 409 ? errorMessage(err) : user ? "Failed to update user. Please try again." : "Failed to create user. Please try again.",
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
