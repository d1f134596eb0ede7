import { z } from "zod";

/** `:id` route params: a positive integer, or a 400 that says so. */
export const idParams = z.object({
  id: z.coerce.number({ message: "id must be a number" }).int("id must be a whole number").positive("id must be positive").max(2147483647, "id is too large"),
});
