/** Merchandise (spec section 7). */
export type { Merchandise, MerchandiseInput } from "../schemas/merchandise";
export { MERCH_CATEGORIES, MERCH_TABS, TEMPLATE_DIMENSIONS, type MerchCategory } from "../categories";

export const merchandiseApi = {
  /** GET (public, every item), POST */
  list: "/api/merchandise",
  item: (id: number) => `/api/merchandise/${id}`,
  /** PUT (admin): { ids } every item in the order the public pages show them */
  order: "/api/merchandise/order",
  /** POST multipart: a merch image upload */
  upload: "/api/upload/merchandise",
} as const;

export const merchandiseListKeys = [merchandiseApi.list];
