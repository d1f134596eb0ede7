import { and, eq, inArray } from "drizzle-orm";
import type { ResponsiveImage } from "@shared/schemas/images";
import type { Db } from "../../db/client";
import { mediaFiles } from "../../db/schema";

/**
 * The variants of the uploaded images behind these URLs, by URL (issue 13). Content rows keep
 * an image as its URL ('/uploads/images/<id>.jpg'); the upload's media_files row holds its size
 * and variants. A URL with no such row (an outside link, an SVG, an animated GIF) is absent.
 */
export async function responsiveImages(db: Db, urls: (string | null | undefined)[], mediaBase = ""): Promise<Map<string, ResponsiveImage>> {
  const wanted = [...new Set(urls.filter((u): u is string => !!u && u.startsWith("/uploads/")))];
  const found = new Map<string, ResponsiveImage>();
  if (!wanted.length) return found;
  const rows = await db
    .select({ filePath: mediaFiles.filePath, width: mediaFiles.width, height: mediaFiles.height, variants: mediaFiles.variants })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.fileType, "image"), inArray(mediaFiles.filePath, wanted)));
  for (const row of rows) {
    if (!row.width || !row.height || !row.variants?.length) continue;
    const variants = row.variants.map(({ width, height, format, path }) => ({ width, height, format, path: linkOf(path, mediaBase) }));
    found.set(row.filePath, { width: row.width, height: row.height, variants });
  }
  return found;
}

/**
 * A variant's link: its site path, or with MEDIA_PUBLIC_URL (`mediaBase`, decision 039) the same
 * key at the bucket's public address, so a page's srcset fetches it there without a redirect.
 */
function linkOf(sitePath: string, mediaBase: string) {
  return mediaBase && sitePath.startsWith("/uploads/") ? `${mediaBase}/${sitePath.slice("/uploads/".length)}` : sitePath;
}

/**
 * Each row with its image's variants under `field` (null when it has none), in one query for
 * the whole list: `withImages(db, rows, (m) => m.imageUrl, "image")`; with `mediaBase`
 * (MEDIA_PUBLIC_URL) the variants link to the bucket's public address.
 */
export async function withImages<Row, Field extends string>(db: Db, rows: Row[], url: (row: Row) => string | null | undefined, field: Field, mediaBase = "") {
  const images = await responsiveImages(db, rows.map(url), mediaBase);
  return rows.map((row) => ({ ...row, [field]: images.get(url(row) ?? "") ?? null }) as Row & Record<Field, ResponsiveImage | null>);
}
