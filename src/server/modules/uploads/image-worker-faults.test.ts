import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mediaFiles } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { isVariantFile } from "../../storage/image-variants";
import { decodeMemory, inspectImage } from "../../storage/image-encoding";
import { imageWorkerState } from "../../storage/image-worker-client";
import { interlaced16Header, phonePhoto } from "../../../../tests/support/photos";
import { multipartFile } from "../../test/multipart";

// Issue 20: the image worker stopped or killed mid-job, and images whose decoding takes too much memory.
const TIMEOUT_SECONDS = 3;

/** `t`: the default time limit; `hurried`: a 3 s limit, for the hung worker only (on a busy machine a photo can take longer than that to encode, which the other tests must not mistake for their fault) */
let t: TestApp;
let hurried: TestApp;
let photo: Buffer;
beforeAll(async () => {
  [t, hurried, photo] = await Promise.all([createTestApp(), createTestApp({ IMAGE_JOB_TIMEOUT_SECONDS: TIMEOUT_SECONDS }), phonePhoto({ width: 2400, height: 1800 })]);
});
afterAll(async () => {
  const { pid } = imageWorkerState();
  if (pid) process.kill(pid, "SIGKILL");
  await Promise.all([t.close(), hurried.close()]);
});

// A real 2x2 PNG
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64");

async function upload(data: Buffer, name = "photo.jpg", to: TestApp = t) {
  const body = multipartFile(data, { name });
  return to.request({ method: "POST", url: "/api/upload/merchandise", payload: body.payload, headers: { ...body.headers, ...(await to.adminHeaders()) } });
}

/** Every file under the uploads folder and the staging folder (where the worker writes), temporary ones included. */
function filesOnDisk(of: TestApp = t): string[] {
  return [of.app.config.uploadsDir, of.app.config.stagingDir]
    .filter((dir) => fs.existsSync(dir))
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)))
    .sort();
}
const mediaRows = async (of: TestApp = t) => (await of.database.db.select({ n: count() }).from(mediaFiles))[0].n;
const onDisk = (sitePath: string, of: TestApp = t) => path.join(of.app.config.uploadsDir, sitePath.replace(/^\/uploads\//, ""));

/** Waits until the worker has written the photo's first variant (so it is mid-encode), and gives its pid. */
async function midEncode(before: string[], of: TestApp = t): Promise<number> {
  let pid = 0;
  await vi.waitFor(
    () => {
      const variant = filesOnDisk(of).find((f) => !before.includes(f) && isVariantFile(path.basename(f)));
      expect(variant).toBeDefined();
      pid = imageWorkerState().pid!;
      expect(pid).toBeGreaterThan(0);
    },
    { timeout: 20_000, interval: 5 },
  );
  return pid;
}

describe("the image worker stopped or killed mid-job", () => {
  it("a stopped (hung) worker: the photo answers a clear 503 within the time limit, leaves nothing, and the next photo works", async () => {
    // a warm worker, so the photo's job is under way well within the limit
    expect((await upload(PNG, "warm.png", hurried)).statusCode).toBe(200);
    const filesBefore = filesOnDisk(hurried);
    const rowsBefore = await mediaRows(hurried);
    const answer = upload(photo, "photo.jpg", hurried);
    const pid = await midEncode(filesBefore, hurried);
    process.kill(pid, "SIGSTOP");
    const stoppedAt = Date.now();
    // the next photo, sent while the worker hangs, waits its turn
    const next = upload(PNG, "next.png", hurried);
    const res = await answer;
    const waited = Date.now() - stoppedAt;
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(`This image took too long to process (more than ${TIMEOUT_SECONDS} seconds), so it was not saved. Try again, or upload a smaller image.`);
    expect(waited).toBeLessThan(TIMEOUT_SECONDS * 1000 + 500);
    console.info(`upload answered ${waited} ms after its worker was stopped (limit ${TIMEOUT_SECONDS} s)`);
    // the stopped worker is gone, and a new one did the next photo
    const nextRes = await next;
    expect(nextRes.statusCode).toBe(200);
    expect(imageWorkerState().pid).not.toBe(pid);
    expect(() => process.kill(pid, 0)).toThrow();
    // nothing of the failed photo is left: only the next one's original and variants are new
    const nextData = nextRes.json().data as { filePath: string; variants: { path: string }[] };
    expect(filesOnDisk(hurried)).toEqual([...filesBefore, ...[nextData.filePath, ...nextData.variants.map((v) => v.path)].map((p) => onDisk(p, hurried))].sort());
    expect(await mediaRows(hurried)).toBe(rowsBefore + 1);
  });

  it("a worker killed mid-encode: the photo answers a clear 400, leaves no variant behind, and the next photo works", async () => {
    const filesBefore = filesOnDisk();
    const rowsBefore = await mediaRows();
    const answer = upload(photo);
    const pid = await midEncode(filesBefore);
    process.kill(pid, "SIGKILL");
    const res = await answer;
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This image could not be read. Upload a PNG, JPG, GIF or WebP image.");
    expect(filesOnDisk()).toEqual(filesBefore);
    expect(await mediaRows()).toBe(rowsBefore);

    const next = await upload(PNG, "next.png");
    expect(next.statusCode).toBe(200);
    expect(next.json().data.variants.map((v: { format: string }) => v.format)).toEqual(["avif", "webp"]);
  });
});


describe("images whose decoding would take too much memory", () => {
  it("refuses an interlaced 16-bit PNG of 100 megapixels (within the pixel limit) with a clear 400, storing nothing", async () => {
    const filesBefore = filesOnDisk();
    const res = await upload(await interlaced16Header(10_000), "big.png");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "This image would take too much memory to process (10000 x 10000 pixels, an interlaced 16-bit PNG: about 763 MB; 160 MB at most). Save it as an ordinary JPG or PNG, or make it smaller, and upload it again.",
    );
    expect(filesOnDisk()).toEqual(filesBefore);
  });

  it("refuses a real interlaced 16-bit PNG whose decoding is over the budget, and takes the same pixels without interlacing", async () => {
    const image = () => sharp({ create: { width: 1024, height: 1024, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } }).toColourspace("rgb16");
    const interlaced = await image().png({ progressive: true }).toBuffer();
    // 1024 x 1024 x 4 channels x 2 bytes = 8 MB against a budget of 4 MB
    await expect(inspectImage(interlaced, { maxDecodeBytes: 4 * 1024 * 1024 })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^This image would take too much memory to process \(1024 x 1024 pixels, an interlaced 16-bit PNG: about 8 MB; 4 MB at most\)/),
    });
    expect(await inspectImage(await image().png().toBuffer(), { maxDecodeBytes: 4 * 1024 * 1024 })).toEqual({ width: 1024, height: 1024, animated: false });
  });

  it("estimates decoding memory from the header: whole-frame decoders (interlaced PNG, progressive JPEG, GIF) by their depth and channels; streamed ones not", async () => {
    const create = (channels: 3 | 4) => sharp({ create: { width: 64, height: 48, channels, background: { r: 200, g: 30, b: 60, alpha: 1 } } });
    const meta = async (image: Sharp) => sharp(await image.toBuffer()).metadata();
    const pixels = 64 * 48;
    expect(decodeMemory(await meta(create(4).toColourspace("rgb16").png({ progressive: true })))).toBe(pixels * 8);
    expect(decodeMemory(await meta(create(3).png({ progressive: true })))).toBe(pixels * 3);
    expect(decodeMemory(await meta(create(4).toColourspace("rgb16").png()))).toBe(0);
    // 4:2:0: luma and a quarter of each chroma, 2 bytes a coefficient
    expect(decodeMemory(await meta(create(3).jpeg({ progressive: true })))).toBe(pixels * 3);
    expect(decodeMemory(await meta(create(3).jpeg({ progressive: true, chromaSubsampling: "4:4:4" })))).toBe(pixels * 6);
    expect(decodeMemory(await meta(create(3).jpeg()))).toBe(0);
    expect(decodeMemory(await meta(create(3).gif()))).toBe(pixels * 4);
    expect(decodeMemory(await meta(create(3).webp()))).toBe(0);
    // an animated image is never decoded (it gets no variants)
    expect(decodeMemory({ format: "gif", width: 64, height: 96, pageHeight: 48, pages: 2, channels: 4, depth: "uchar", isProgressive: false })).toBe(0);
  });

  it("still accepts a 48-megapixel progressive JPEG's header, under the budget", async () => {
    expect(decodeMemory({ format: "jpeg", width: 8000, height: 6000, channels: 3, depth: "uchar", isProgressive: true, chromaSubsampling: "4:2:0" })).toBeLessThanOrEqual(160 * 1024 * 1024);
  });
});
