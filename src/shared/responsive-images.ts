import type { ResponsiveImage } from "./schemas/images";

/**
 * How the pages offer an upload's variants (issue 13); shared so that a server-side preload of an
 * image can name exactly the files the client's <picture> offers.
 */

/**
 * The featured player's cover: the sleeve's width (88% of the record); the label uses the same
 * size, so one download serves both. The home page's head preloads the AVIF that matches it.
 */
export const FEATURED_COVER_SIZES = "(min-width: 640px) min(72vw, 19.5rem), 6.6rem";

/**
 * The video player's thumbnail (the page's LCP on /videos): the player's width, full width below
 * lg, 1.6fr of the 69rem row beside the text from lg up. The /videos head preloads the AVIF that matches it.
 */
export const VIDEO_PLAYER_SIZES = "(min-width: 1024px) 41.5rem, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)";

/**
 * The band photo in the home page's header (issue 21): the page's full width, a strip above the
 * band's name on phones and the header's backdrop from lg. The home page's head preloads the AVIF that matches it.
 */
export const BAND_PHOTO_SIZES = "100vw";

/** 'a.avif 320w, b.avif 640w' for one format, smallest first; empty when it has none. */
export function variantSrcSet(image: ResponsiveImage, format: "avif" | "webp"): string {
  return image.variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.path} ${v.width}w`)
    .join(", ");
}
