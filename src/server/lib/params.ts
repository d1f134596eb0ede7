import { z } from "zod";

/** `:id` route params: digits only (no '1 ', '1e3', '0x1'), a positive 32-bit integer, or a 400 that says so. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d+$/, "id must be a whole number")
    .transform(Number)
    .pipe(z.number().int().positive("id must be positive").max(2147483647, "id is too large")),
});
