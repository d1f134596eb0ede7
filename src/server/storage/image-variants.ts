import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { badRequest } from "../lib/http-error";

/**
 * Resized WebP and AVIF copies of an uploaded photo (issue 13), so a fan on a phone downloads a
 * few dozen KB instead of the band's 5 MB original. The original is kept untouched beside them.
 */

/** The widths a page picks from with srcset; none wider than the original. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

/**
 * More pixels than this are refused before decoding (a decompression bomb: a few KB of PNG that
 * claims 20,000 x 20,000 pixels). 100 megapixels lets a 50 MP phone photo through.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Encoder settings. AVIF effort 2 keeps a 5 MB photo's eight variants near a second of CPU
 * (effort 4 halves the bytes but takes four times as long on a two-core server); quality 50
 * keeps a 640 px phone-sized photo at a few dozen KB at most.
 */
const ENCODERS = {
  webp: { quality: 72, effort: 4 },
  avif: { quality: 50, effort: 2 },
} as const;
/** Part of every variant's name: changing the settings above must change this, so cached copies are never stale. */
const RECIPE = "v1:webp72e4:avif50e2";

export type VariantFormat = keyof typeof ENCODERS;
export interface StoredVariant {
  width: number;
  height: number;
  format: VariantFormat;
  /** the site path, e.g. /uploads/images/<stem>.<hash>.640w.avif */
  path: string;
  size: number;
}
export interface ImageFacts {
  /** the size as displayed, after the EXIF orientation */
  width: number;
  height: number;
  animated: boolean;
}

// No libvips operation cache: each photo is decoded once, and a cache would only hold memory.
// (The heavy work runs in a short-lived process, image-worker.ts, which hands all of it back.)
sharp.cache(false);

export const UNREADABLE = "This image could not be read. Upload a PNG, JPG, GIF or WebP image.";

/** Names of files being written (the same prefix as the originals' temporary files). */
const TEMP_PREFIX = ".tmp-";

/** A variant's file name: `<stem>.<16 hex of sha256(recipe + original)>.<width>w.<format>`. */
const VARIANT_NAME = /\.[0-9a-f]{16}\.\d+w\.(avif|webp)$/;
/** True for a variant's path or name: its bytes never change, so it may be cached for a year. */
export const isVariantFile = (fileName: string) => VARIANT_NAME.test(fileName);

/**
 * Reads only the header: the displayed size, and whether it is animated. Unreadable bytes and
 * decompression bombs are the uploader's mistake, answered with a 400 before anything is stored.
 */
export async function inspectImage(bytes: Buffer): Promise<ImageFacts> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(UNREADABLE);
  }
  if (!meta.width || !meta.height) throw badRequest(UNREADABLE);
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > MAX_INPUT_PIXELS) {
    const mp = Math.round((meta.width * frameHeight) / 1_000_000);
    throw badRequest(`This image is too large (${meta.width} x ${frameHeight} pixels, ${mp} megapixels; ${MAX_INPUT_PIXELS / 1_000_000} at most). Resize it and upload it again.`);
  }
  // EXIF orientations 5-8 are turned a quarter: the displayed width is the stored height
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: turned ? frameHeight : meta.width, height: turned ? meta.width : frameHeight, animated: (meta.pages ?? 1) > 1 };
}

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
}

/**
 * Encodes and writes the variants beside the original and returns them smallest first. This
 * is the pixel work itself; the server calls it through `makeImageVariants`
 * (image-worker-client.ts), which runs it in a separate process. The pixels are decoded once (turned by the EXIF orientation, scaled to the
 * largest width) and each variant is encoded from those; metadata (EXIF, GPS) is not copied.
 * An animated image gets none: a still variant would lose its animation.
 * Bytes that fail to decode are a 400, and any file written so far is removed.
 */
export async function encodeImageVariants(bytes: Buffer, facts: ImageFacts, target: VariantTarget): Promise<StoredVariant[]> {
  if (facts.animated) return [];
  const hash = createHash("sha256").update(RECIPE).update(bytes).digest("hex").slice(0, 16);
  const widths = variantWidths(facts.width);
  const written: string[] = [];
  try {
    // as lenient as a browser: a photo with a small flaw (a bad checksum, a truncated end) still
    // gets variants, since the browser would show the original anyway
    const pixels = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "none" })
      .rotate()
      .resize({ width: Math.max(...widths), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw badRequest(UNREADABLE);
      });
    const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
    const variants: StoredVariant[] = [];
    // one at a time: the server has few cores and other requests to answer meanwhile
    for (const width of widths) {
      for (const format of ["avif", "webp"] as const) {
        const base = sharp(pixels.data, { raw });
        const scaled = width < raw.width ? base.resize({ width }) : base;
        const out = await (format === "avif" ? scaled.avif(ENCODERS.avif) : scaled.webp(ENCODERS.webp)).toBuffer({ resolveWithObject: true });
        const name = `${target.stem}.${hash}.${width}w.${format}`;
        const file = path.join(target.dir, name);
        // temporary name then rename: a reader never sees half a file
        const temp = path.join(target.dir, `${TEMP_PREFIX}${randomBytes(16).toString("hex")}`);
        written.push(temp, file);
        await fs.writeFile(temp, out.data, { flag: "wx" });
        await fs.rename(temp, file);
        variants.push({ width: out.info.width, height: out.info.height, format, path: `${target.urlDir}/${name}`, size: out.data.length });
      }
    }
    return variants;
  } catch (err) {
    await removeFiles(written);
    throw err;
  }
}

/** Removes variant files (after a failed save): their names hold the upload's own random stem, so no other record uses them. */
export async function removeVariants(dir: string, variants: StoredVariant[]) {
  await removeFiles(variants.map((v) => path.join(dir, path.basename(v.path))));
}

async function removeFiles(files: string[]) {
  await Promise.all(files.map((f) => fs.rm(f, { force: true }).catch(() => {})));
}
