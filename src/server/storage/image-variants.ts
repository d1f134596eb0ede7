import fs from "node:fs/promises";

/**
 * Resized WebP and AVIF copies of an uploaded photo (issue 13), so a fan on a phone downloads a
 * few dozen KB instead of the band's 5 MB original. The original is kept beside them, rewritten
 * without its EXIF/GPS/XMP/IPTC when it had any (issue 21: a member photo gave away where it was taken).
 * This file is what the server needs to know about them; the pixel work (sharp, libvips) is in
 * image-encoding.ts, which only the image worker process loads (decision 018): loading libvips
 * alone costs a process about 28 MB.
 */

/** The widths a page picks from with srcset; none wider than the original. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

/**
 * More pixels than this are refused before decoding (a decompression bomb: a few KB of PNG that
 * claims 20,000 x 20,000 pixels). 100 megapixels lets a 50 MP phone photo through.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * The most pixel memory decoding a photo may hold at once (issue 20): an interlaced PNG, a
 * progressive JPEG and a GIF are decoded whole before they can be scaled down, so a few hundred
 * KB of interlaced 16-bit PNG claiming 100 megapixels took the worker to 1 GB. Measured, the
 * worker peaks at about 120 MB plus this much, so 160 MB keeps it under ~300 MB; a 48 MP
 * progressive JPEG (144 MB) still gets through. An ordinary photo (a baseline JPEG, a PNG
 * without interlacing, a WebP) is decoded a few rows at a time and never comes near it.
 */
export const MAX_DECODE_BYTES = 160 * 1024 * 1024;

/**
 * "jpeg": one JPEG at the largest width, made only when asked (the band photo, issue 21): the
 * share image link previews fetch (og:image), where AVIF and WebP are not read everywhere.
 */
export type VariantFormat = "avif" | "webp" | "jpeg";
export interface StoredVariant {
  width: number;
  height: number;
  format: VariantFormat;
  /** the site path, e.g. /uploads/images/<stem>.<hash>.640w.avif (a JPEG's ends in .jpg) */
  path: string;
  size: number;
}
export interface ImageFacts {
  /** the size as displayed, after the EXIF orientation */
  width: number;
  height: number;
  animated: boolean;
  /** the file carries EXIF, XMP or IPTC (GPS position, camera, owner): the worker rewrites it without */
  privateMetadata?: boolean;
}

export const UNREADABLE = "This image could not be read. Upload a PNG, JPG, GIF or WebP image.";

/** Names of files being written (the same prefix as the originals' temporary files). */
export const TEMP_PREFIX = ".tmp-";

/** A variant's file name: `<stem>.<16 hex of sha256(recipe + original)>.<width>w.<avif|webp|jpg>`. */
const VARIANT_NAME = /\.[0-9a-f]{16}\.\d+w\.(avif|webp|jpg)$/;
/** True for a variant's path or name: its bytes never change, so it may be cached for a year. */
export const isVariantFile = (fileName: string) => VARIANT_NAME.test(fileName);

/** The widths to make for an image `width` pixels wide: the standard ones that fit, or the original width when it is smaller than all of them. */
export function variantWidths(width: number): number[] {
  const fitting = VARIANT_WIDTHS.filter((w) => w <= width);
  return fitting.length ? fitting : [width];
}

/** Where a photo's variants go: `dir` on disk, `urlDir` on the site, named after the original's `stem`. */
export interface VariantTarget {
  dir: string;
  urlDir: string;
  stem: string;
  /** also a JPEG at the largest width (the band photo's share image) */
  jpeg?: boolean;
}

export async function removeFiles(files: string[]) {
  await Promise.all(files.map((f) => fs.rm(f, { force: true }).catch(() => {})));
}
