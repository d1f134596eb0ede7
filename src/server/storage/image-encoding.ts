import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { badRequest } from "../lib/http-error";
import { MAX_DECODE_BYTES, MAX_INPUT_PIXELS, removeFiles, TEMP_PREFIX, UNREADABLE, variantWidths, type ImageFacts, type StoredVariant, type VariantFormat, type VariantTarget } from "./image-variants";

/**
 * The pixel work on photos, with sharp (libvips). Only the image worker process
 * (image-worker.ts) loads this file: the server itself never loads libvips (decision 018).
 */

/**
 * Encoder settings. AVIF effort 2 keeps a 5 MB photo's eight variants near a second of CPU
 * (effort 4 halves the bytes but takes four times as long on a two-core server); quality 50
 * keeps a 640 px phone-sized photo at a few dozen KB at most.
 */
const ENCODERS: Record<VariantFormat, object> = {
  webp: { quality: 72, effort: 4 },
  avif: { quality: 50, effort: 2 },
  // the share image (issue 21): link previews fetch it, some only under a few hundred KB
  jpeg: { quality: 80, progressive: true, mozjpeg: true },
};
/** Part of every variant's name: changing the settings above must change this, so cached copies are never stale. */
const RECIPE = "v1:webp72e4:avif50e2";
/** ...and the JPEG's, part of its name only (so the other variants' names stay as they were). */
const JPEG_RECIPE = "jpeg80pm";

// No libvips operation cache: each photo is decoded once, and a cache would only hold memory.
// (The heavy work runs in a short-lived process, image-worker.ts, which hands all of it back.)
sharp.cache(false);

/**
 * Reads only the header: the displayed size, and whether it is animated. Unreadable bytes,
 * decompression bombs and images whose decoding would hold more than `maxDecodeBytes` of pixels
 * (`decodeMemory`) are the uploader's mistake, answered with a 400 before anything is stored.
 */
export async function inspectImage(bytes: Buffer, options: { maxDecodeBytes?: number } = {}): Promise<ImageFacts> {
  const maxDecodeBytes = options.maxDecodeBytes ?? MAX_DECODE_BYTES;
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
  const animated = (meta.pages ?? 1) > 1;
  const decoding = decodeMemory(meta);
  if (decoding > maxDecodeBytes) {
    const mb = Math.round(decoding / (1024 * 1024));
    throw badRequest(
      `This image would take too much memory to process (${meta.width} x ${frameHeight} pixels, ${describeEncoding(meta)}: about ${mb} MB; ${Math.round(maxDecodeBytes / (1024 * 1024))} MB at most). Save it as an ordinary JPG or PNG, or make it smaller, and upload it again.`,
    );
  }
  // EXIF orientations 5-8 are turned a quarter: the displayed width is the stored height
  const turned = (meta.orientation ?? 1) >= 5;
  const privateMetadata = Boolean(meta.exif || meta.xmp || meta.iptc) && !animated && STRIPPABLE.has(meta.format ?? "");
  return { width: turned ? frameHeight : meta.width, height: turned ? meta.width : frameHeight, animated, ...(privateMetadata && { privateMetadata }) };
}

/** The formats whose originals are rewritten without metadata, each in its own format. */
const STRIPPABLE = new Set(["jpeg", "png", "webp"]);

/**
 * Rewrites a photo's original in place without its EXIF, GPS, XMP and IPTC (issue 21): the
 * original is public (`/uploads/...`, the `<img>` fallback, the press kit's download), and a
 * phone photo carries where it was taken. The EXIF orientation is applied to the pixels (so the
 * photo still stands the right way up without the tag) and the colour profile is kept. JPEG and
 * WebP are re-encoded at quality 92 (no visible change); PNG stays lossless. Returns the new bytes.
 */
export async function stripPrivateMetadata(file: string, bytes: Buffer): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "none" }).rotate().keepIccProfile();
  const { format } = await image.metadata();
  const encoded = format === "png" ? image.png() : format === "webp" ? image.webp({ quality: 92 }) : image.jpeg({ quality: 92 });
  const cleaned = await encoded.toBuffer().catch(() => {
    throw badRequest(UNREADABLE);
  });
  // named like the variants' temporary files: a worker killed mid-write leaves nothing the server does not remove
  const temp = path.join(path.dirname(file), `${TEMP_PREFIX}${path.parse(file).name}.${randomBytes(8).toString("hex")}`);
  try {
    await fs.writeFile(temp, cleaned, { flag: "wx" });
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true }).catch(() => {});
    throw err;
  }
  return cleaned;
}

/** Bytes per sample of each libvips band format. */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/** The header facts the decoding estimate reads (sharp's metadata(), which decodes nothing). */
export type DecodeFacts = Pick<Metadata, "format" | "width" | "height" | "pageHeight" | "pages" | "channels" | "depth" | "isProgressive" | "chromaSubsampling">;

/**
 * How much pixel memory decoding this image for its variants would hold at once, from its header
 * alone. libvips decodes most images a few rows at a time as the scaler asks for them (0 here);
 * three cases hold the whole frame first:
 * - an interlaced PNG (Adam7): every pass covers the whole image, so all of it is decoded at
 *   full depth, e.g. 16-bit RGBA is 8 bytes a pixel;
 * - a progressive JPEG: libjpeg keeps every DCT coefficient (2 bytes a sample, fewer chroma
 *   samples when subsampled) until the last scan;
 * - a GIF: each frame is drawn onto an RGBA canvas of the logical screen's size.
 * An animated image (more than one frame) gets no variants and is never decoded, whatever its
 * frame count (0 here); its header scan is bounded by its size and the job's time limit.
 */
export function decodeMemory(meta: DecodeFacts): number {
  if ((meta.pages ?? 1) > 1 || !meta.width || !meta.height) return 0;
  const pixels = meta.width * (meta.pageHeight ?? meta.height);
  const channels = meta.channels ?? 4;
  if (meta.format === "gif") return pixels * 4;
  if (meta.format === "png" && meta.isProgressive) return pixels * channels * (SAMPLE_BYTES[meta.depth ?? ""] ?? 8);
  if (meta.format === "jpeg" && meta.isProgressive) {
    // luma at full resolution, each other component at the subsampled share (4:2:0: a quarter)
    const share = channels === 1 ? 0 : ({ "4:2:0": 0.25, "4:2:2": 0.5, "4:4:0": 0.5 } as Record<string, number>)[meta.chromaSubsampling ?? ""] ?? 1;
    return pixels * 2 * (1 + (channels - 1) * share);
  }
  return 0;
}

/** The encoding that makes decoding costly, in words for the refusal. */
function describeEncoding(meta: DecodeFacts): string {
  if (meta.format === "gif") return "a GIF";
  if (meta.format === "jpeg") return "a progressive JPG";
  const bits = (SAMPLE_BYTES[meta.depth ?? ""] ?? 1) * 8;
  return `an interlaced ${bits}-bit PNG`;
}

/**
 * Encodes and writes the variants beside the original and returns them smallest first. This
 * is the pixel work itself; the server calls it through `makeImageVariants`
 * (image-worker-client.ts), which runs it in a separate process. The pixels are decoded once (turned by the EXIF orientation, scaled to the
 * largest width) and each variant is encoded from those; metadata (EXIF, GPS) is not copied.
 * An animated image gets none: a still variant would lose its animation. `target.jpeg` adds one
 * JPEG at the largest width, last (the band photo's share image).
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
    const jobs: [number, VariantFormat][] = widths.flatMap((width) => [[width, "avif"], [width, "webp"]] as [number, VariantFormat][]);
    if (target.jpeg) jobs.push([Math.max(...widths), "jpeg"]);
    const jpegHash = createHash("sha256").update(JPEG_RECIPE).update(hash).digest("hex").slice(0, 16);
    // one at a time: the server has few cores and other requests to answer meanwhile
    for (const [width, format] of jobs) {
      const base = sharp(pixels.data, { raw });
      const scaled = width < raw.width ? base.resize({ width }) : base;
      // a JPEG has no transparency: a see-through PNG is laid on the site's ink
      const encoded = format === "avif" ? scaled.avif(ENCODERS.avif) : format === "webp" ? scaled.webp(ENCODERS.webp) : scaled.flatten({ background: "#0b0b0c" }).jpeg(ENCODERS.jpeg);
      const out = await encoded.toBuffer({ resolveWithObject: true });
      const name = format === "jpeg" ? `${target.stem}.${jpegHash}.${width}w.jpg` : `${target.stem}.${hash}.${width}w.${format}`;
      const file = path.join(target.dir, name);
      // temporary name then rename: a reader never sees half a file. Named after the photo's
      // stem, so the server finds it when this process dies mid-write (image-worker-client.ts)
      const temp = path.join(target.dir, `${TEMP_PREFIX}${target.stem}.${randomBytes(8).toString("hex")}`);
      written.push(temp, file);
      await fs.writeFile(temp, out.data, { flag: "wx" });
      await fs.rename(temp, file);
      variants.push({ width: out.info.width, height: out.info.height, format, path: `${target.urlDir}/${name}`, size: out.data.length });
    }
    return variants;
  } catch (err) {
    await removeFiles(written);
    throw err;
  }
}
