import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { sweepUploads } from "./upload-sweep";
import { multipartFile } from "../test/multipart";
import { uploadPlace } from "../services/storage";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A real 2x2 PNG (photos are decoded for their variants)
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64");

async function upload(data: Buffer) {
  const body = multipartFile(data, { name: "x.png", type: "image/png" });
  return t.request({ method: "POST", url: "/api/upload/merchandise", payload: body.payload, headers: { ...body.headers, ...(await t.adminHeaders()) } });
}

const hex = (n: number) => Array.from({ length: n }, (_, i) => "0123456789abcdef"[(i * 7 + n) % 16]).join("");

describe("the start-up sweep of leftover upload files", () => {
  it("removes old temporary files and unreferenced variants and originals; keeps referenced, fresh and foreign files", async () => {
    const res = await upload(PNG);
    expect(res.statusCode).toBe(200);
    const media = res.json().data as { filePath: string; variants: { path: string }[] };
    const onDisk = (sitePath: string) => path.join(t.app.config.uploadsDir, sitePath.replace(/^\/uploads\//, ""));
    const referenced = [media.filePath, ...media.variants.map((v) => v.path)].map(onDisk);
    const images = path.join(t.app.config.uploadsDir, "images");
    const plant = (dir: string, name: string, ageMinutes: number) => {
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, name);
      fs.writeFileSync(file, "x");
      const when = new Date(Date.now() - ageMinutes * 60_000);
      fs.utimesSync(file, when, when);
      return file;
    };
    // left by a worker killed mid-encode and a server killed mid-upload, an hour ago
    const orphanVariant = plant(images, `${hex(32)}.${hex(16)}.640w.avif`, 60);
    const orphanOriginal = plant(images, `${hex(32).replace(/^./, "f")}.png`, 60);
    const oldTemp = plant(images, `.tmp-${hex(32)}.${hex(16)}`, 60);
    const oldAudioTemp = plant(path.join(t.app.config.uploadsDir, "audio"), `.tmp-${hex(32)}`, 60);
    // another instance on the same DATA_DIR is writing these right now
    const freshVariant = plant(images, `${hex(31)}a.${hex(16)}.320w.webp`, 0);
    const freshTemp = plant(images, `.tmp-${hex(30)}`, 0);
    // not the app's naming, or not a media folder: never touched
    const operatorFile = plant(images, "notes.txt", 60);
    const elsewhere = plant(path.join(t.app.config.uploadsDir, "imports"), `${hex(32)}.csv`, 60);
    // the upload's own files are old too
    for (const file of referenced) fs.utimesSync(file, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));

    // left in this instance's staging folder by a process killed mid-upload
    const oldStaging = path.join(t.app.config.stagingDir, hex(24));
    plant(oldStaging, "x.png", 60);
    fs.utimesSync(oldStaging, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    const freshStaging = path.join(t.app.config.stagingDir, hex(23));
    plant(freshStaging, "y.png", 0);

    const removed = await sweepUploads(t.database.db, uploadPlace(t.app));

    // objects by key, local leftovers by path
    const key = (file: string) => path.relative(t.app.config.uploadsDir, file);
    expect(removed.sort()).toEqual([key(orphanVariant), key(orphanOriginal), oldTemp, oldAudioTemp, oldStaging].sort());
    for (const file of [orphanVariant, orphanOriginal, oldTemp, oldAudioTemp, oldStaging]) expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(freshStaging)).toBe(true);
    for (const file of [...referenced, freshVariant, freshTemp, operatorFile, elsewhere]) expect(fs.existsSync(file)).toBe(true);
    // the upload is still served whole
    expect((await t.request({ method: "GET", url: media.variants[0].path })).statusCode).toBe(200);
    // a second run finds nothing
    expect(await sweepUploads(t.database.db, uploadPlace(t.app))).toEqual([]);
  });
});
