import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { mediaFiles } from "../db/schema";
import { unsupportedType } from "../lib/http-error";
import { sniff } from "./sniff";
import { cleanOriginalName } from "./original-name";
import { sanitizeSvg } from "./svg";
import { removeVariants, type ImageFacts, type StoredVariant } from "./image-variants";
import { makeImageVariants } from "./image-worker-client";

const FOLDERS = { image: "images", audio: "audio", pdf: "documents" } as const;
const REFUSED = {
  audio: "Unsupported file type. Upload an MP3, WAV or OGG file.",
  image: "Unsupported file type. Upload an SVG, PNG, JPG, GIF or WebP image.",
  pdf: "Unsupported file type. Upload a PDF file.",
} as const;
/**
 * Names of files not yet recorded. A crash mid-upload can leave one behind (never listed, never
 * linked); only a crash in the instant between the commit and the rename leaves a row without its file.
 */
export const TEMP_PREFIX = ".tmp-";

/**
 * Checks the bytes, stores the file under a random name, and records it.
 * The original name is kept only as data (cleaned), never used as a path.
 *
 * The file and its row appear together or not at all: the bytes go to a temporary name in the
 * same folder, the row is inserted (and committed), and only then is the file renamed into
 * place, an atomic step on one file system. Any failure removes what was made so far.
 *
 * A photo (any image but an SVG) also gets its resized WebP/AVIF variants, written before the
 * answer so the record and the public pages have them at once (about a second for a 5 MB
 * photo); a file that is not really an image, one too large in pixels or too costly to decode,
 * is a 400, and image work past its time limit a 503; none of them leaves anything behind.
 */
export async function saveUpload(
  db: Db,
  uploadsDir: string,
  file: { buffer: Buffer; originalName: string },
  expected: "image" | "audio" | "pdf",
  /** shareJpeg: also a JPEG variant at the largest width (the band photo's share image) */
  options: { imageJobTimeoutMs?: number; shareJpeg?: boolean } = {},
) {
  const type = sniff(file.buffer);
  if (!type || type.kind !== expected) {
    throw unsupportedType(REFUSED[expected]);
  }
  let bytes = file.buffer;
  if (type.mime === "image/svg+xml") {
    const clean = await sanitizeSvg(bytes.toString("utf8"));
    if (!clean) throw unsupportedType("This SVG could not be accepted.");
    bytes = Buffer.from(clean, "utf8");
  }
  const isPhoto = type.kind === "image" && type.mime !== "image/svg+xml";
  const originalName = cleanOriginalName(file.originalName);
  const folder = FOLDERS[type.kind];
  const stem = randomBytes(16).toString("hex");
  const fileName = `${stem}.${type.ext}`;
  const dir = path.join(uploadsDir, folder);
  const temp = path.join(dir, `${TEMP_PREFIX}${randomBytes(16).toString("hex")}`);
  await fs.mkdir(dir, { recursive: true });
  let row: typeof mediaFiles.$inferSelect | undefined;
  let variants: StoredVariant[] = [];
  let photo: ImageFacts | null = null;
  try {
    await fs.writeFile(temp, bytes, { flag: "wx" });
    let fileSize = bytes.length;
    if (isPhoto) {
      // the worker also rewrites the original without its EXIF/GPS (then it is smaller or larger)
      const made = await makeImageVariants(temp, { dir, urlDir: `/uploads/${folder}`, stem, ...(options.shareJpeg && { jpeg: true }) }, { timeoutMs: options.imageJobTimeoutMs });
      ({ facts: photo, variants } = made);
      if (made.cleanedSize !== undefined) fileSize = made.cleanedSize;
    }
    [row] = await db
      .insert(mediaFiles)
      .values({
        fileName,
        originalName,
        filePath: `/uploads/${folder}/${fileName}`,
        fileType: type.kind,
        fileSize,
        mimeType: type.mime,
        ...(photo && { width: photo.width, height: photo.height, variants, metadataStripped: true }),
      })
      .returning();
    await fs.rename(temp, path.join(dir, fileName));
    return row;
  } catch (err) {
    await fs.rm(temp, { force: true }).catch(() => {});
    await removeVariants(dir, variants);
    if (row) await db.delete(mediaFiles).where(eq(mediaFiles.id, row.id)).catch(() => {});
    throw err;
  }
}
