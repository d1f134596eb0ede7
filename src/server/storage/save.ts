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
import type { ImageFacts, StoredVariant } from "./image-variants";
import { makeImageVariants } from "./image-worker-client";
import type { ObjectStore } from "./object-store";
import { withStagingFolder } from "./staging";

const FOLDERS = { image: "images", audio: "audio", pdf: "documents" } as const;
const REFUSED = {
  audio: "Unsupported file type. Upload an MP3, WAV or OGG file.",
  image: "Unsupported file type. Upload an SVG, PNG, JPG, GIF or WebP image.",
  pdf: "Unsupported file type. Upload a PDF file.",
} as const;
/** Names of files being written (the local store's and the image worker's temporary files). */
export const TEMP_PREFIX = ".tmp-";

/** Where uploads go: the store (disk or bucket) and this instance's staging folder. */
export interface UploadPlace {
  store: ObjectStore;
  stagingDir: string;
}

/**
 * Checks the bytes, stores the file under a random name, and records it.
 * The original name is kept only as data (cleaned), never used as a path.
 *
 * The files are in the store before the row is committed (issue 26): the original (and a photo's
 * variants) are made in this instance's staging folder, handed to the store (a rename on disk,
 * or a PUT to the bucket), and only then is the row inserted. Any failure removes what was
 * stored so far, so a failed upload leaves no object behind; a process killed between the
 * store and the commit leaves objects no row names, which the start-up sweep removes.
 *
 * A photo (any image but an SVG) also gets its resized WebP/AVIF variants, written before the
 * answer so the record and the public pages have them at once (about a second for a 5 MB
 * photo); a file that is not really an image, one too large in pixels or too costly to decode,
 * is a 400, and image work past its time limit a 503; none of them leaves anything behind.
 * The store not answering is a 503 too (StorageUnavailable).
 */
export async function saveUpload(
  db: Db,
  place: UploadPlace,
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
  return withStagingFolder(place.stagingDir, async (dir) => {
    const staged = path.join(dir, fileName);
    const stored: string[] = [];
    let row: typeof mediaFiles.$inferSelect | undefined;
    let variants: StoredVariant[] = [];
    let photo: ImageFacts | null = null;
    try {
      await fs.writeFile(staged, bytes, { flag: "wx" });
      let fileSize = bytes.length;
      if (isPhoto) {
        // the worker also rewrites the original without its EXIF/GPS (then it is smaller or larger)
        const made = await makeImageVariants(staged, { dir, urlDir: `/uploads/${folder}`, stem, ...(options.shareJpeg && { jpeg: true }) }, { timeoutMs: options.imageJobTimeoutMs });
        ({ facts: photo, variants } = made);
        if (made.cleanedSize !== undefined) fileSize = made.cleanedSize;
      }
      // the variants first, the original last: a page never links an original whose variants are missing
      for (const v of variants) {
        const name = path.posix.basename(v.path);
        stored.push(`${folder}/${name}`);
        await place.store.putFile(`${folder}/${name}`, path.join(dir, name), { move: true });
      }
      stored.push(`${folder}/${fileName}`);
      await place.store.putFile(`${folder}/${fileName}`, staged, { move: true, contentType: type.mime });
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
      return row;
    } catch (err) {
      await place.store.remove(stored).catch(() => {});
      if (row) await db.delete(mediaFiles).where(eq(mediaFiles.id, row.id)).catch(() => {});
      throw err;
    }
  });
}
