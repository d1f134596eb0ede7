import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaFiles, merchandise } from "../db/schema";
import { seedDemoContent } from "../db/seed";
import { uploadPlace } from "../services/storage";
import { createTestApp, dataDirWithDatabase, type TestApp } from "../test/app";
import { multipartFile } from "../test/multipart";
import { startS3Server, type S3TestServer } from "../test/s3-server";
import { phonePhoto } from "../../../tests/support/photos";
import { freePort, spawnServer, stopProcess, waitForHealthz } from "../../../tests/support/server-process";
import { appRoot } from "../paths";
import { sweepUploads } from "./upload-sweep";
import { makeMissingVariants } from "./variant-backfill";

/**
 * Uploads in an S3-compatible bucket (issue 26, decision 039), against a real S3 server
 * (s3rver) started here: what the bucket holds byte for byte, serving with Range, ETag/304 and
 * caching, 404 for a missing object and 503 (never a 500, never a crash) while the bucket is down,
 * safe writes (in the bucket before the row; a failed upload leaves no object; deleting removes
 * the object and its variants; the sweep removes objects without rows), and no file on the
 * instance's own disk.
 */

let s3: S3TestServer;
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ STORAGE_URL: s3.storageUrl });
  headers = await t.adminHeaders();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** An MP3 as far as the sniffer is concerned (an ID3 header), with random bytes after it: no two alike. */
const mp3 = (size: number) => Buffer.concat([Buffer.from("ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000", "latin1"), randomBytes(size - 10)]);
// A real 2x2 PNG
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64");

async function upload(data: Buffer, fileType: "audio" | "image", name: string) {
  const body = multipartFile(data, { name });
  return t.request({ method: "POST", url: `/api/upload/media?fileType=${fileType}`, payload: body.payload, headers: { ...body.headers, ...headers } });
}
const key = (sitePath: string) => sitePath.replace(/^\/uploads\//, "");
/** Every file under the instance's own uploads and staging folders. */
const localFiles = () =>
  [t.app.config.uploadsDir, t.app.config.stagingDir].filter((d) => fs.existsSync(d)).flatMap((d) => fs.readdirSync(d, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name));

describe("uploads in an S3-compatible bucket", () => {
  let track: { id: number; filePath: string };
  const audio = mp3(300_000);

  it("stores the upload in the bucket byte for byte (no aws-chunked framing), and nothing on the instance's disk", async () => {
    const res = await upload(audio, "audio", "live at the pour house.mp3");
    expect(res.statusCode).toBe(200);
    track = res.json().data;
    expect(track.filePath).toMatch(/^\/uploads\/audio\/[0-9a-f]{32}\.mp3$/);
    // what the S3 server keeps on its own disk is exactly the file
    expect(s3.storedBytes(key(track.filePath))?.equals(audio)).toBe(true);
    expect(localFiles()).toEqual([]);
    // and served back from the bucket whole
    const got = await t.request({ method: "GET", url: track.filePath });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("audio/mpeg");
    expect(got.headers["content-length"]).toBe(String(audio.length));
    expect(got.headers["accept-ranges"]).toBe("bytes");
    expect(got.headers["x-content-type-options"]).toBe("nosniff");
    expect(got.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(got.headers["cache-control"]).toBe("public, max-age=3600");
    expect(got.rawPayload.equals(audio)).toBe(true);
  });

  it("answers byte ranges (audio seeking) with 206 and the right bytes; one past the end is a 416", async () => {
    const cases: [string, number, number][] = [
      ["bytes=1000-1999", 1000, 1999],
      ["bytes=299000-", 299000, audio.length - 1],
      ["bytes=-500", audio.length - 500, audio.length - 1],
      ["bytes=299990-400000", 299990, audio.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await t.request({ method: "GET", url: track.filePath, headers: { range } });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers["content-range"], range).toBe(`bytes ${start}-${end}/${audio.length}`);
      expect(res.headers["content-length"], range).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(audio.subarray(start, end + 1)), range).toBe(true);
    }
    const past = await t.request({ method: "GET", url: track.filePath, headers: { range: `bytes=${audio.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${audio.length}`);
    // several ranges: the whole file is a correct answer
    const several = await t.request({ method: "GET", url: track.filePath, headers: { range: "bytes=0-1,5-6" } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(audio.length);
  });

  it("gives an ETag and answers 304 while it matches; HEAD gives the headers without the body", async () => {
    const first = await t.request({ method: "GET", url: track.filePath });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(first.headers["last-modified"]).toBeTruthy();
    const again = await t.request({ method: "GET", url: track.filePath, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await t.request({ method: "GET", url: track.filePath, headers: { "if-none-match": '"0123"' } });
    expect(other.statusCode).toBe(200);
    const head = await t.request({ method: "HEAD", url: track.filePath });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(audio.length));
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it("stores a photo's variants in the bucket, served with the year-long immutable caching", async () => {
    const photo = await phonePhoto({ width: 1400, height: 1000 });
    const res = await upload(photo, "image", "merch-shirt.jpg");
    expect(res.statusCode).toBe(200);
    const media = res.json().data as { filePath: string; variants: { path: string; size: number }[] };
    expect(media.variants.length).toBeGreaterThanOrEqual(6);
    for (const v of media.variants) {
      const stored = s3.storedBytes(key(v.path));
      expect(stored?.length, v.path).toBe(v.size);
      const got = await t.request({ method: "GET", url: v.path });
      expect(got.statusCode).toBe(200);
      expect(got.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(got.headers["content-type"]).toMatch(/^image\/(avif|webp)$/);
      expect(got.rawPayload.equals(stored!)).toBe(true);
    }
    // the original went in without its EXIF/GPS (the row's size is the stored object's)
    const [row] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.filePath, media.filePath));
    expect(s3.storedBytes(key(media.filePath))?.length).toBe(row.fileSize);
    expect(localFiles()).toEqual([]);
  });

  it("a missing object is a 404; a path that climbs out of the uploads is never asked of the bucket", async () => {
    for (const url of ["/uploads/audio/0123456789abcdef0123456789abcdef.mp3", "/uploads/images/..%2f..%2fetc%2fpasswd", "/uploads/.hidden", "/uploads/"]) {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^application\/json/);
      expect(res.json().success).toBe(false);
    }
  });

  it("a failed upload leaves no object and no row", async () => {
    const before = s3.keys();
    const rows = (await t.database.db.select().from(mediaFiles)).length;
    // a PNG's signature, then bytes that are no image: refused by the image worker
    const broken = Buffer.concat([PNG.subarray(0, 16), randomBytes(4000)]);
    const res = await upload(broken, "image", "broken.png");
    expect(res.statusCode).toBe(400);
    expect(s3.keys()).toEqual(before);
    expect((await t.database.db.select().from(mediaFiles)).length).toBe(rows);
    expect(localFiles()).toEqual([]);
  });

  it("deleting a file removes its object and its variants; a file the site uses is refused", async () => {
    const res = await upload(PNG, "image", "logo.png");
    const media = res.json().data as { id: number; filePath: string; variants: { path: string }[] };
    const keys = [media.filePath, ...media.variants.map((v) => v.path)].map(key);
    expect(keys.length).toBeGreaterThan(1);
    for (const k of keys) expect(s3.keys()).toContain(k);

    await t.database.db.insert(merchandise).values({ name: "Tour poster", description: "A poster", price: "15.00", category: "Poster", templateDimensions: "", imageUrl: media.filePath });
    const refused = await t.request({ method: "DELETE", url: `/api/media/${media.id}`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This file is still used by a merch item. Remove it there first.");
    for (const k of keys) expect(s3.keys()).toContain(k);

    await t.database.db.delete(merchandise).where(eq(merchandise.imageUrl, media.filePath));
    const done = await t.request({ method: "DELETE", url: `/api/media/${media.id}`, headers });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: "File deleted" });
    for (const k of keys) expect(s3.keys()).not.toContain(k);
    expect((await t.request({ method: "GET", url: media.filePath })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `/api/media/${media.id}`, headers })).statusCode).toBe(404);
    // the activity log tells it by the file's name
    const log = await t.request({ method: "GET", url: "/api/admin/activity", headers });
    expect(JSON.stringify(log.json())).toContain("deleted image file logo.png");
  });

  it("the sweep removes objects no row names (a process killed between the bucket and the commit), and nothing else", async () => {
    const place = uploadPlace(t.app);
    const orphan = path.join(t.dataDir, "orphan.avif");
    fs.writeFileSync(orphan, "x");
    await place.store.putFile(`images/${"a".repeat(32)}.${"b".repeat(16)}.640w.avif`, orphan);
    await place.store.putFile(`images/${"c".repeat(32)}.png`, orphan);
    await place.store.putFile("images/operator-notes.txt", orphan);
    const referenced = s3.keys().filter((k) => k.startsWith("audio/") || k.startsWith("images/"));
    // young objects are never swept (another instance may be mid-upload)
    expect(await sweepUploads(t.database.db, place)).toEqual([]);
    const removed = await sweepUploads(t.database.db, place, { minAgeMs: 0 });
    expect(removed.sort()).toEqual([`images/${"a".repeat(32)}.${"b".repeat(16)}.640w.avif`, `images/${"c".repeat(32)}.png`]);
    expect(s3.keys()).toContain("images/operator-notes.txt");
    for (const k of referenced.filter((k) => !removed.includes(k))) expect(s3.keys()).toContain(k);
    expect((await t.request({ method: "GET", url: track.filePath })).statusCode).toBe(200);
  });

  it("the demo content and its variants go into the bucket (seed, then the start-up backfill)", async () => {
    const app = await createTestApp({ STORAGE_URL: s3.storageUrl });
    try {
      expect(await seedDemoContent(app.database.db, app.app.config, app.app.storage)).toBe(true);
      expect(s3.keys().filter((k) => k.startsWith("seed/")).length).toBeGreaterThan(5);
      expect(await makeMissingVariants(app.database.db, uploadPlace(app.app))).toBeGreaterThan(0);
      const [cover] = await app.database.db.select().from(mediaFiles).where(eq(mediaFiles.fileType, "image")).limit(1);
      expect(cover.variants?.length).toBeGreaterThan(0);
      for (const v of cover.variants!) expect(s3.storedBytes(key(v.path))?.length).toBe(v.size);
      expect((await app.request({ method: "GET", url: cover.variants![0].path })).statusCode).toBe(200);
      expect(fs.existsSync(app.app.config.uploadsDir)).toBe(false);
    } finally {
      await app.close();
    }
  });

  it("while the bucket is down: reads answer 503, uploads 503 with no row, the app keeps running; back up, all is served again", async () => {
    const rows = (await t.database.db.select().from(mediaFiles)).length;
    await s3.stop();
    try {
      const read = await t.request({ method: "GET", url: track.filePath });
      expect(read.statusCode).toBe(503);
      expect(read.headers["retry-after"]).toBe("30");
      expect(read.json()).toEqual({ success: false, message: "File storage is not reachable just now. Try again in a minute." });
      const ranged = await t.request({ method: "GET", url: track.filePath, headers: { range: "bytes=-10" } });
      expect(ranged.statusCode).toBe(503);
      const up = await upload(mp3(5000), "audio", "demo.mp3");
      expect(up.statusCode).toBe(503);
      expect(up.json().message).toBe("File storage is not reachable just now. Try again in a minute.");
      expect((await t.database.db.select().from(mediaFiles)).length).toBe(rows);
      expect(localFiles()).toEqual([]);
      expect((await t.request({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    const back = await t.request({ method: "GET", url: track.filePath, headers: { range: "bytes=0-9" } });
    expect(back.statusCode).toBe(206);
    expect(back.rawPayload.equals(audio.subarray(0, 10))).toBe(true);
  });
});

describe("MEDIA_PUBLIC_URL", () => {
  it("public answers and pages link the image variants there; any /uploads link is sent there", async () => {
    const app = await createTestApp({ STORAGE_URL: s3.storageUrl, MEDIA_PUBLIC_URL: "https://media.example.com/band/" });
    try {
      const res = await app.request({ method: "GET", url: "/uploads/images/a%20b.png" });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("https://media.example.com/band/images/a%20b.png");
      expect((await app.request({ method: "GET", url: "/uploads/images/..%2f..%2fx" })).statusCode).toBe(404);
      // an import's CSV (fans' addresses) is never sent anywhere
      expect((await app.request({ method: "GET", url: "/uploads/imports/abc.csv" })).statusCode).toBe(404);

      await seedDemoContent(app.database.db, app.app.config, app.app.storage);
      await makeMissingVariants(app.database.db, uploadPlace(app.app));
      const merch = (await app.request({ method: "GET", url: "/api/merchandise" })).json().data as { imageUrl: string; image: { variants: { path: string }[] } | null }[];
      const variants = merch.flatMap((m) => m.image?.variants ?? []);
      expect(variants.length).toBeGreaterThan(0);
      for (const v of variants) expect(v.path).toMatch(/^https:\/\/media\.example\.com\/band\/seed\/[^/]+\.[0-9a-f]{16}\.\d+w\.(avif|webp)$/);
      // the key is the bucket's own: the same object the app would serve at /uploads/<key>
      expect(s3.keys()).toContain(variants[0].path.replace("https://media.example.com/band/", ""));
      // the original keeps its site path (a redirect away)
      expect(merch[0].imageUrl).toMatch(/^\/uploads\/seed\//);
      const page = await app.request({ method: "GET", url: "/merch" });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(variants[0].path);
    } finally {
      await app.close();
    }
  });
});

describe("a server started while its bucket is down", () => {
  it("starts anyway (seeding and the sweep wait for the next start), answers its pages, and 503 for files", async () => {
    const port = await freePort();
    const dead = await freePort(); // nothing listens there
    // the database already made (the template): seeding and the sweep are what this start is about
    const dataDir = await dataDirWithDatabase("band-s3-down-");
    const proc = spawnServer({
      nodeArgs: ["--import", "tsx", path.join("src", "server", "main.ts")],
      cwd: appRoot,
      port,
      dataDir,
      env: { ADMIN_PASSWORD: "correct-horse-battery", LOG_LEVEL: "warn", STORAGE_URL: `s3://S3RVER:S3RVER@band-down?endpoint=http://127.0.0.1:${dead}&forcePathStyle=true` },
    });
    try {
      expect(await waitForHealthz(`http://127.0.0.1:${port}`, proc, { timeoutMs: 60_000, intervalMs: 100 }), proc.output()).toBe("healthy");
      const file = await fetch(`http://127.0.0.1:${port}/uploads/seed/floodplain.mp3`);
      expect(file.status).toBe(503);
      expect(proc.output()).toContain("the demo content skipped: the upload storage does not answer; done at the next start");
      expect(proc.output()).toContain("the sweep of leftover uploads skipped");
      // every line is the server's JSON log: nothing from the SDK on the console
      for (const line of proc.output().split("\n").filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
    } finally {
      await stopProcess(proc);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
