import { z } from "zod";

/**
 * One resized copy of an uploaded image (issue 13): WebP or AVIF, at most the original's width;
 * the band photo also has one JPEG, its share image for link previews (issue 21).
 */
export const imageVariantRecord = z.object({
  width: z.number(),
  height: z.number(),
  format: z.enum(["avif", "webp", "jpeg"]),
  /** a site path under /uploads/, named by the original's content hash: served as immutable */
  path: z.string(),
});
export type ImageVariant = z.input<typeof imageVariantRecord>;

/**
 * What a page needs to draw an uploaded image responsively: the original's size (for the box's
 * aspect ratio) and its variants (for <picture> sources with srcset). Public answers carry it
 * beside the image's URL; null when the image is not an upload with variants (an SVG, an
 * outside link, an animated GIF).
 */
export const responsiveImageRecord = z.object({
  width: z.number(),
  height: z.number(),
  variants: z.array(imageVariantRecord),
});
export type ResponsiveImage = z.input<typeof responsiveImageRecord>;
