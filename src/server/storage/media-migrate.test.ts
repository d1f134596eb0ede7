import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "../backup/create";
import { readArchive } from "../backup/read";
import { parseStorageUrl, type S3Location } from "../config";
import { appRoot } from "../paths";
import { createTestApp } from "../test/app";
import { multipartFile } from "../test/multipart";
import { startS3Server, type S3TestServer } from "../test/s3-server";
import { LocalStore } from "./local-store";
import { migrateMedia, type MigrateProgress } from "./media-migrate";
import { S3Store } from "./s3-store";

/** `npm run media:migrate` and `npm run backup` with a bucket (issue 26), against a real s3rver. */

let s3: S3TestServer;
let dataDir: string;
let target: S3Store;
const files: Record<string, Buffer> = {
  "audio/0123456789abcdef0123456789abcdef.mp3": randomBytes(400_000),
  "images/fedcba9876543210fedcba9876543210.png": randomBytes(20_000),
  "images/fedcba9876543210fedcba9876543210.0123456789abcdef.640w.avif": randomBytes(9_000),
  "seed/cover one.jpg": randomBytes(5_000),
  "audio/live/encore take 2.mp3": randomBytes(3_000),
};

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "band-migrate" });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-migrate-"));
  for (const [key, bytes] of Object.entries(files)) {
    const file = path.join(dataDir, "uploads", key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }
  // a temporary file of an upload in progress is no upload
  fs.writeFileSync(path.join(dataDir, "uploads", "images", ".tmp-0123"), "partial");
  target = await S3Store.open(parseStorageUrl(s3.storageUrl) as S3Location);
});
afterAll(async () => {
  target?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const source = () => new LocalStore(path.join(dataDir, "uploads"));

describe("npm run media:migrate", () => {
  it("stops at a failure half-way; the next run resumes (what was copied is skipped) and everything lands byte for byte", async () => {
    let puts = 0;
    // a bucket that fails on the third copy (a dropped connection)
    const flaky = new Proxy(target, {
      get(store, prop) {
        if (prop === "putFile") {
          return async (...args: Parameters<S3Store["putFile"]>) => {
            if (++puts === 3) throw new Error("connection reset");
            return store.putFile(...args);
          };
        }
        const value = Reflect.get(store, prop) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(store) : value;
      },
    });
    await expect(migrateMedia(source(), flaky, { concurrency: 1 })).rejects.toThrow("connection reset");
    expect(s3.keys()).toHaveLength(2);

    const progress: MigrateProgress[] = [];
    const result = await migrateMedia(source(), target, { onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ files: 5, copied: 3, skipped: 2, bytesCopied: expect.any(Number) as number });
    expect(progress.map((p) => p.done).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(progress.every((p) => p.total === 5)).toBe(true);
    expect(s3.keys()).toEqual(Object.keys(files).sort());
    for (const [key, bytes] of Object.entries(files)) expect(s3.storedBytes(key)?.equals(bytes), key).toBe(true);
  });

  it("is idempotent: a second run copies nothing; an object changed in the bucket is copied again", async () => {
    expect(await migrateMedia(source(), target)).toMatchObject({ files: 5, copied: 0, skipped: 5 });
    // another tool wrote other bytes under one key
    const other = path.join(dataDir, "other.bin");
    fs.writeFileSync(other, randomBytes(400_000));
    await target.putFile("audio/0123456789abcdef0123456789abcdef.mp3", other);
    expect(await migrateMedia(source(), target)).toMatchObject({ copied: 1, skipped: 4 });
    expect(s3.storedBytes("audio/0123456789abcdef0123456789abcdef.mp3")?.equals(files["audio/0123456789abcdef0123456789abcdef.mp3"])).toBe(true);
  });

  it("runs as the npm script: progress lines, a summary, exit 0; without STORAGE_URL it says what to set", async () => {
    const run = promisify(execFile);
    const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir, STORAGE_URL: s3.storageUrl };
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/media-migrate.ts"], { cwd: appRoot, env });
    expect(stdout).toContain(`copying ${path.join(dataDir, "uploads")} into s3://band-migrate/`);
    expect(stdout).toMatch(/\[5\/5\] already there {2}\S+/);
    expect(stdout).toMatch(/done in [\d.]+ s: 5 files, 0 copied \(0 bytes\), 5 already there; every copy verified by SHA-256/);
    expect(stderr).not.toContain("NodeVersionSupportWarning");
    const missing = await run(process.execPath, ["--import", "tsx", "scripts/media-migrate.ts"], { cwd: appRoot, env: { ...env, STORAGE_URL: "" } }).catch((err: { code: number; stderr: string }) => err);
    expect((missing as { code: number }).code).toBe(1);
    expect((missing as { stderr: string }).stderr).toContain("STORAGE_URL is not set");
  }, 60_000);
});

describe("npm run backup with a bucket", () => {
  it("copies the bucket's objects into the archive, each with its checksum in the manifest", async () => {
    const t = await createTestApp({ STORAGE_URL: s3.storageUrl });
    try {
      const audio = Buffer.concat([Buffer.from("ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000", "latin1"), randomBytes(50_000)]);
      const body = multipartFile(audio, { name: "b-side.mp3" });
      const up = await t.request({ method: "POST", url: "/api/upload/media?fileType=audio", payload: body.payload, headers: { ...body.headers, ...(await t.adminHeaders()) } });
      expect(up.statusCode).toBe(200);
      // an import in progress waits in the bucket: fans' addresses, not an upload, left out
      const waiting = path.join(t.dataDir, "waiting.csv");
      fs.writeFileSync(waiting, "Email\nfan@example.com\n");
      await t.app.storage.putFile("imports/0123456789abcdef012345.csv", waiting);
      const archive = path.join(t.dataDir, "backup.tar.gz");
      const made = await createBackup(t.database, t.app.storage, archive);
      expect(made.files).toBe(s3.keys().length - 1);
      expect(s3.keys()).toContain("imports/0123456789abcdef012345.csv");
      const extracted = path.join(t.dataDir, "extracted");
      const manifest = await readArchive(archive, { extractTo: extracted });
      const key = (up.json().data.filePath as string).replace("/uploads/", "");
      const entry = manifest.files.find((f) => f.path === `uploads/${key}`);
      expect(entry?.sha256).toBe(createHash("sha256").update(audio).digest("hex"));
      expect(fs.readFileSync(path.join(extracted, "uploads", key)).equals(audio)).toBe(true);
      for (const k of Object.keys(files)) expect(manifest.files.some((f) => f.path === `uploads/${k}`), k).toBe(true);
      expect(manifest.files.some((f) => f.path.startsWith("uploads/imports/"))).toBe(false);
      // nothing of the copy is left beside the archive
      expect(fs.readdirSync(t.dataDir).filter((n) => n.includes("staging-"))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
