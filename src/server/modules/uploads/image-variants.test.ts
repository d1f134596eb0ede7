import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURED_COVER_SIZES, VIDEO_PLAYER_SIZES } from "@shared/responsive-images";
import { MB } from "@shared/upload-limits";
import { mediaFiles } from "../../db/schema";
import { makeMissingVariants } from "../../storage/variant-backfill";
import { uploadPlace } from "../../services/storage";
import { seedDemoContent } from "../../db/seed";
import { createTestApp, type TestApp } from "../../test/app";
import { phonePhoto, pixelBomb } from "../../../../tests/support/photos";
import { multipartFile } from "../../test/multipart";

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  [t, photo] = await Promise.all([createTestApp(), phonePhoto()]);
});
afterAll(() => t.close());

interface Variant {
  width: number;
  height: number;
  format: "avif" | "webp";
  path: string;
  size: number;
}

async function upload(url: string, data: Buffer, name = "photo.jpg") {
  const body = multipartFile(data, { name, type: "image/jpeg" });
  return t.request({ method: "POST", url, payload: body.payload, headers: { ...body.headers, ...(await t.adminHeaders()) } });
}

const onDisk = (sitePath: string) => path.join(t.app.config.uploadsDir, sitePath.replace(/^\/uploads\//, ""));

describe("image variants of an upload", () => {
  let uploaded: { filePath: string; width: number; height: number; variants: Variant[] };

  it("makes WebP and AVIF variants of a 5 MB phone photo, none wider than the original, a few dozen KB at 640 px", async () => {
    expect(photo.length).toBeGreaterThan(4.5 * MB);
    const res = await upload("/api/upload/merchandise", photo);
    expect(res.statusCode).toBe(200);
    uploaded = res.json().data;
    expect(uploaded).toMatchObject({ width: 4032, height: 3024, fileSize: photo.length });
    const widths = (format: string) => uploaded.variants.filter((v) => v.format === format).map((v) => v.width);
    expect(widths("avif")).toEqual([320, 640, 960, 1280]);
    expect(widths("webp")).toEqual([320, 640, 960, 1280]);
    for (const v of uploaded.variants) {
      expect(v.height).toBe(Math.round((v.width * 3024) / 4032));
      // beside the original, named by it and a content hash
      expect(v.path).toMatch(new RegExp(`^${uploaded.filePath.replace(/\.jpg$/, "")}\\.[0-9a-f]{16}\\.${v.width}w\\.${v.format}$`));
      const bytes = fs.readFileSync(onDisk(v.path));
      expect(bytes.length).toBe(v.size);
      const meta = await sharp(bytes).metadata();
      expect(meta.width).toBe(v.width);
      expect(meta.format).toBe(v.format === "avif" ? "heif" : "webp");
      expect(meta.exif).toBeUndefined();
    }
    const at640 = uploaded.variants.filter((v) => v.width === 640);
    for (const v of at640) expect(v.size).toBeLessThan(60 * 1024);
    // the original is kept as it came
    expect(fs.readFileSync(onDisk(uploaded.filePath)).equals(photo)).toBe(true);
    // recorded on the media row
    const [row] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.filePath, uploaded.filePath));
    expect(row.variants).toHaveLength(8);
  });

  it("serves a variant with a year of immutable caching, and the original with the usual hour", async () => {
    const variant = await t.request({ method: "GET", url: uploaded.variants.find((v) => v.format === "avif")!.path });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers["content-type"]).toBe("image/avif");
    expect(variant.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(variant.headers["x-content-type-options"]).toBe("nosniff");
    const original = await t.request({ method: "GET", url: uploaded.filePath });
    expect(original.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("carries the variants in the public answers and the page's inlined data: members, merch, cover art", async () => {
    const headers = await t.adminHeaders();
    const image = { width: 4032, height: 3024, variants: uploaded.variants.map(({ size: _size, ...v }) => v) };
    await t.request({ method: "POST", url: "/api/band-members", headers, payload: { name: "Dana Reyes", role: "Vocals", imageUrl: uploaded.filePath } });
    await t.request({ method: "POST", url: "/api/band-members", headers, payload: { name: "Jo Link", role: "Bass", imageUrl: "https://example.com/jo.jpg" } });
    const merch = { name: "Photo Tee", description: "A tee.", price: "20.00", category: "T-Shirt", templateDimensions: "Other", amazonUrl: "", imageUrl: uploaded.filePath };
    expect((await t.request({ method: "POST", url: "/api/merchandise", headers, payload: merch })).statusCode).toBe(201);
    const track = { title: "Cinderblock", artist: "Tar River Static", audioUrl: "/uploads/audio/a.mp3", coverArtUrl: uploaded.filePath, duration: 184.4, isFeatured: true, isActive: true };
    expect((await t.request({ method: "POST", url: "/api/audio-tracks", headers, payload: track })).statusCode).toBe(201);

    const members = (await t.request({ method: "GET", url: "/api/band-members" })).json().data;
    expect(members.find((m: { name: string }) => m.name === "Dana Reyes").image).toEqual(image);
    expect(members.find((m: { name: string }) => m.name === "Jo Link").image).toBeNull();
    const items = (await t.request({ method: "GET", url: "/api/merchandise" })).json().data;
    expect(items.find((m: { name: string }) => m.name === "Photo Tee").image).toEqual(image);
    const tracks = (await t.request({ method: "GET", url: "/api/audio-tracks?featured=true" })).json().data;
    expect(tracks[0].coverArt).toEqual(image);

    const home = await t.request({ method: "GET", url: "/" });
    expect(home.body).toContain(uploaded.variants[0].path);
    // the head preloads the cover's AVIF variants as the player's <picture> offers them, never the 5 MB original
    const head = home.body.slice(0, home.body.indexOf("</head>"));
    const avif = uploaded.variants.filter((v) => v.format === "avif").sort((a, b) => a.width - b.width);
    expect(head).toContain(`<link rel="preload" as="image" type="image/avif" imagesrcset="${avif.map((v) => `${v.path} ${v.width}w`).join(", ")}" imagesizes="${FEATURED_COVER_SIZES}" fetchpriority="high" />`);
    expect(head).not.toContain(`href="${uploaded.filePath}"`);
  });

  it("carries a video thumbnail's variants, and /videos preloads the first one's AVIF as its player offers them", async () => {
    const headers = await t.adminHeaders();
    const video = { title: "Basement Tapes", description: "Live.", category: "live", embedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ", thumbnailUrl: uploaded.filePath, isActive: true, sortOrder: 0 };
    expect((await t.request({ method: "POST", url: "/api/videos", headers, payload: video })).statusCode).toBe(201);
    const image = { width: 4032, height: 3024, variants: uploaded.variants.map(({ size: _size, ...v }) => v) };
    const active = (await t.request({ method: "GET", url: "/api/videos/active" })).json().data;
    expect(active[0]).toMatchObject({ title: "Basement Tapes", thumbnail: image });
    const page = await t.request({ method: "GET", url: "/videos" });
    const head = page.body.slice(0, page.body.indexOf("</head>"));
    const avif = uploaded.variants.filter((v) => v.format === "avif").sort((a, b) => a.width - b.width);
    expect(head).toContain(`<link rel="preload" as="image" type="image/avif" imagesrcset="${avif.map((v) => `${v.path} ${v.width}w`).join(", ")}" imagesizes="${VIDEO_PLAYER_SIZES}" fetchpriority="high" />`);
    expect(head).not.toContain(`href="${uploaded.filePath}"`);
  });

  it("turns a photo by its EXIF orientation and records the size as displayed", async () => {
    const turned = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#c33" } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await upload("/api/upload/media?fileType=image", turned);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ width: 1200, height: 1600 });
    const v640 = data.variants.find((v: Variant) => v.width === 640 && v.format === "webp");
    expect(v640.height).toBe(853);
    const meta = await sharp(fs.readFileSync(onDisk(v640.path))).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([640, 853, undefined]);
    // widths up to the original's (1200): no 1280
    expect(data.variants.map((v: Variant) => v.width)).not.toContain(1280);
  });

  it("gives an image smaller than 320 px one variant at its own width", async () => {
    const small = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const res = await upload("/api/upload/media?fileType=image", small, "small.png");
    expect(res.json().data.variants.map((v: Variant) => [v.width, v.format])).toEqual([
      [200, "avif"],
      [200, "webp"],
    ]);
  });

  it("refuses a decompression bomb and bytes that only look like a JPEG with a 400, storing nothing", async () => {
    const before = fs.readdirSync(path.join(t.app.config.uploadsDir, "images")).length;
    const bomb = await upload("/api/upload/merchandise", await pixelBomb(), "bomb.png");
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toMatch(/^This image is too large \(20000 x 20000 pixels, 400 megapixels; 100 at most\)/);
    const fake = await upload("/api/upload/merchandise", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe("This image could not be read. Upload a PNG, JPG, GIF or WebP image.");
    expect(fs.readdirSync(path.join(t.app.config.uploadsDir, "images")).length).toBe(before);
  });

  it("leaves an SVG as it is, with no variants", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const res = await upload("/api/upload/media?fileType=image", svg, "logo.svg");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mimeType: "image/svg+xml", variants: null, width: null });
  });
});

describe("image variants of the demo content", () => {
  it("are made once at start-up for the seeded images, and the public answers carry them", async () => {
    const app = await createTestApp();
    try {
      expect(await seedDemoContent(app.database.db, app.app.config)).toBe(true);
      const made = await makeMissingVariants(app.database.db, uploadPlace(app.app));
      expect(made).toBeGreaterThan(0);
      expect(await makeMissingVariants(app.database.db, uploadPlace(app.app))).toBe(0);
      const items = (await app.request({ method: "GET", url: "/api/merchandise" })).json().data;
      for (const item of items) {
        expect(item.image.variants.length).toBeGreaterThan(0);
        for (const v of item.image.variants) expect(fs.existsSync(path.join(app.app.config.uploadsDir, v.path.replace(/^\/uploads\//, "")))).toBe(true);
      }
      const tracks = (await app.request({ method: "GET", url: "/api/audio-tracks?featured=true" })).json().data;
      for (const track of tracks) expect(track.coverArt.variants.some((v: Variant) => v.format === "avif")).toBe(true);
    } finally {
      await app.close();
    }
  });
});
