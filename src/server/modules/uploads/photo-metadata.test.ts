import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { multipartFile } from "../../test/multipart";
import { uploadPlace } from "../../services/storage";

/**
 * Issue 21: a member photo taken with a phone carries where it was taken (EXIF GPS), the camera
 * and often the owner's name. The original is public (/uploads/..., the <img> fallback), so
 * nothing public may carry them: the original is rewritten without, the variants never had them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An 800 x 600 JPEG taken "turned a quarter" (orientation 6) in Greenville, NC, by a named phone. */
async function phonePhotoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: "#884422" } })
    .composite([{ input: { create: { width: 200, height: 600, channels: 3, background: "#22aa44" } }, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "Pixelphone", Model: "7 Pro", Artist: "Jamie Hollowell" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "35/1 36/1 4200/100", GPSLongitudeRef: "W", GPSLongitude: "77/1 22/1 1200/100" },
    })
    .toBuffer();
}

async function upload(url: string, data: Buffer, name: string) {
  const body = multipartFile(data, { name, type: "image/jpeg" });
  return t.request({ method: "POST", url, payload: body.payload, headers: { ...body.headers, ...(await t.adminHeaders()) } });
}

describe("an uploaded photo's private metadata", () => {
  it("is in nothing public: the original (turned upright, same size) and every variant have no EXIF, XMP or IPTC", async () => {
    const original = await phonePhotoWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.toString("latin1")).toContain("Pixelphone");
    expect(before.orientation).toBe(6);

    const res = await upload("/api/upload/media?fileType=image", original, "harkers-island.jpg");
    expect(res.statusCode).toBe(200);
    const saved = res.json().data as { filePath: string; width: number; height: number; fileSize: number; variants: { path: string }[] };
    // shown upright: the quarter turn is in the pixels now
    expect(saved).toMatchObject({ width: 600, height: 800 });
    expect(saved.variants.length).toBeGreaterThan(0);

    for (const sitePath of [saved.filePath, ...saved.variants.map((v) => v.path)]) {
      const served = await t.request({ method: "GET", url: sitePath });
      expect(served.statusCode, sitePath).toBe(200);
      const bytes = served.rawPayload;
      const meta = await sharp(bytes).metadata();
      expect({ sitePath, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({ sitePath, exif: undefined, xmp: undefined, iptc: undefined });
      expect(bytes.includes("Pixelphone"), sitePath).toBe(false);
      expect(bytes.includes("Hollowell"), sitePath).toBe(false);
      expect((meta.orientation ?? 1) === 1 && meta.width === 600 && meta.height === 800 || sitePath !== saved.filePath).toBe(true);
    }
    // the recorded size is the served file's
    const onDisk = fs.statSync(path.join(t.app.config.uploadsDir, saved.filePath.replace(/^\/uploads\//, ""))).size;
    expect(saved.fileSize).toBe(onDisk);
  });
});

describe("photos stored before issue 21", () => {
  it("lose their EXIF/GPS once, at start-up, and are not looked at again", async () => {
    const { stripStoredMetadata } = await import("../../storage/metadata-backfill");
    const { mediaFiles } = await import("../../db/schema");
    const dir = path.join(t.app.config.uploadsDir, "images");
    fs.mkdirSync(dir, { recursive: true });
    const bytes = await phonePhotoWithGps();
    fs.writeFileSync(path.join(dir, "0123456789abcdef0123456789abcdef.jpg"), bytes);
    await t.app.db.insert(mediaFiles).values({ fileName: "0123456789abcdef0123456789abcdef.jpg", originalName: "old.jpg", filePath: "/uploads/images/0123456789abcdef0123456789abcdef.jpg", fileType: "image", fileSize: bytes.length, mimeType: "image/jpeg" });

    expect(await stripStoredMetadata(t.app.db, uploadPlace(t.app))).toBeGreaterThanOrEqual(1);
    const now = fs.readFileSync(path.join(dir, "0123456789abcdef0123456789abcdef.jpg"));
    expect((await sharp(now).metadata()).exif).toBeUndefined();
    expect(now.includes("Pixelphone")).toBe(false);
    expect(await stripStoredMetadata(t.app.db, uploadPlace(t.app))).toBe(0);
  });
});
