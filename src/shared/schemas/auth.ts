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
export interface AdminRecord {
  id: number;
  username: string;
  isAdmin: boolean;
}
