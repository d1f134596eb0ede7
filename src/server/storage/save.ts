import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client";
import { mediaFiles } from "../db/schema";
import { unsupportedType } from "../lib/http-error";
import { sniff } from "./sniff";
import { sanitizeSvg } from "./svg";

const FOLDERS = { image: "images", audio: "audio" } as const;

/**
 * Checks the bytes, stores the file under a random name, and records it.
 * The original name is kept only as data (trimmed), never used as a path.
 */
export async function saveUpload(
  db: Db,
  uploadsDir: string,
  file: { buffer: Buffer; originalName: string },
  expected: "image" | "audio",
) {
  const type = sniff(file.buffer);
  if (!type || type.kind !== expected) {
    throw unsupportedType(expected === "audio" ? "Unsupported file type. Upload an MP3, WAV or OGG file." : "Unsupported file type. Upload an SVG, PNG, JPG, GIF or WebP image.");
  }
  let bytes = file.buffer;
  if (type.mime === "image/svg+xml") {
    const clean = sanitizeSvg(bytes.toString("utf8"));
    if (!clean) throw unsupportedType("This SVG could not be accepted.");
    bytes = Buffer.from(clean, "utf8");
  }
  const folder = FOLDERS[type.kind];
  const fileName = `${randomBytes(16).toString("hex")}.${type.ext}`;
  await fs.mkdir(path.join(uploadsDir, folder), { recursive: true });
  await fs.writeFile(path.join(uploadsDir, folder, fileName), bytes, { flag: "wx" });
  const originalName = path.basename(file.originalName || "upload").slice(0, 200);
  const [row] = await db
    .insert(mediaFiles)
    .values({ fileName, originalName, filePath: `/uploads/${folder}/${fileName}`, fileType: type.kind, fileSize: bytes.length, mimeType: type.mime })
    .returning();
  return row;
}
