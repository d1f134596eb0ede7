import sharp from "sharp";

/**
 * A stand-in for a phone photo (issue 13 tests and benches): 4032 x 3024 pixels, about 5 MB of
 * JPEG (just under the 5 MB upload limit). A smooth scene under sensor-like grain, so it weighs
 * what a real photo weighs at full size and shrinks like one when scaled down (the grain averages
 * out). `orientation` writes an EXIF orientation tag (6: the camera was turned a quarter).
 */
export async function phonePhoto(options: { width?: number; height?: number; orientation?: number } = {}): Promise<Buffer> {
  const { width = 4032, height = 3024, orientation } = options;
  const raw = { width, height, channels: 3 as const };
  // the scene's 8 x 6 colours from a fixed seed (4.81 MiB): with random ones its weight varied from 4.46 to 4.96 MiB, across the 4.5 MiB the tests check
  const scene = await sharp(sceneColours(), { raw: { width: 8, height: 6, channels: 3 } })
    .resize(width, height, { kernel: "cubic", fit: "fill" })
    .raw()
    .toBuffer();
  const grain = await sharp({ create: { ...raw, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 25 } } }).raw().toBuffer();
  const photo = sharp(scene, { raw }).composite([{ input: grain, raw, blend: "overlay" }]).jpeg({ quality: 90 });
  return (orientation ? photo.withMetadata({ orientation }) : photo).toBuffer();
}

/** 8 x 6 RGB colours spread around mid-grey, the same every time (mulberry32, then a rough normal). */
function sceneColours(seed = 1): Buffer {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => next() + next() + next() + next() - 2; // mean 0, sd ~0.58
  return Buffer.from(Array.from({ length: 8 * 6 * 3 }, () => Math.max(0, Math.min(255, Math.round(128 + normal() * 138)))));
}

/** A tiny PNG whose header claims `side` x `side` pixels: a decompression bomb's shape, without the bytes. */
export async function pixelBomb(side = 20_000): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "black" } }).png().toBuffer();
  // IHDR starts at byte 16: width and height as big-endian 32-bit numbers, then its CRC must be fixed
  const out = Buffer.from(png);
  out.writeUInt32BE(side, 16);
  out.writeUInt32BE(side, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A tiny PNG whose header claims an interlaced 16-bit RGBA image of `side` x `side` pixels. */
export async function interlaced16Header(side: number): Promise<Buffer> {
  const png = await pixelBomb(side);
  const out = Buffer.from(png);
  out[24] = 16; // bit depth
  out[25] = 6; // colour type: RGBA
  out[28] = 1; // interlace method: Adam7
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}
