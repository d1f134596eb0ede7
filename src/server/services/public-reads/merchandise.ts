import { asc, desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { merchandise } from "../../db/schema";
import { withImages } from "../images/responsive-images";

/**
 * Every item, in the admin's order (PUT /api/merchandise/order). Merch has no hidden state, so
 * all rows are public. The admin's order wins: sort_order first, and only among equal
 * sort_order the spec's order, featured first, then newest first. Until the band reorders,
 * every item is 0, so the spec's order holds as it did; after a reorder, a new item (0) comes
 * first, where the band sees it and can move it. `mediaBase`: MEDIA_PUBLIC_URL, where the image
 * variants link (decision 039).
 */
export async function listMerchandise(db: Db, mediaBase = "") {
  // with each image's resized variants, so the page can offer a phone a small one
  return withImages(db, await listMerchandiseRows(db), (m) => m.imageUrl, "image", mediaBase);
}

function listMerchandiseRows(db: Db) {
  return db.select().from(merchandise).orderBy(asc(merchandise.sortOrder), desc(merchandise.isFeatured), desc(merchandise.createdAt), asc(merchandise.id));
}
