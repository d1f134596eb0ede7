import { z } from "zod";

const username = z
  .string({ message: "Username must be at least 3 characters long" })
  .trim()
  .min(3, "Username must be at least 3 characters long")
  .max(50, "Username is too long (50 characters at most)");

// Optional: '' and null both mean "no e-mail".
const email = z
  .string({ message: "Please enter a valid email address" })
  .trim()
  .max(254, "Email is too long")
  .pipe(z.union([z.literal(""), z.email({ message: "Please enter a valid email address" })]))
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null));

const password = z
  .string({ message: "Password must be at least 8 characters long" })
  .min(8, "Password must be at least 8 characters long")
  .max(200, "Password is too long (200 characters at most)");

/** POST /api/users */
export const userCreateInput = z.object({ username, email, password });

/** PUT /api/users/{id}: a blank or missing password keeps the current one (spec section 5). */
export const userUpdateInput = z.object({
  username,
  email,
  password: z.union([z.literal(""), password]).nullish().transform((v) => v || undefined),
});

export const userActiveInput = z.object({
  isActive: z.boolean({ message: "isActive must be true or false" }),
});

export type UserCreateInput = z.input<typeof userCreateInput>;
export type UserUpdateInput = z.input<typeof userUpdateInput>;
