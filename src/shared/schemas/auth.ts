import { z } from "zod";

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
