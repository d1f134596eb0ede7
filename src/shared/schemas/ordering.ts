import { z } from "zod";

/**
 * PUT /api/merchandise/order and PUT /api/videos/order: the ids of every item, in the order the
 * admin arranged them (first shown first). The server refuses a list that is not exactly the
 * items that exist (one missing, one extra, or one twice): a stale page must not half-reorder.
 */
export const orderInput = z.object({
  ids: z
    .array(z.number({ message: "ids must be item ids" }).int("ids must be item ids").positive("ids must be item ids"), { message: "ids must be a list of item ids" })
    .max(10_000, "ids: too many items")
    .refine((ids) => new Set(ids).size === ids.length, "ids must not repeat an item"),
});
export type OrderInput = z.input<typeof orderInput>;
