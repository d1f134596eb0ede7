import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDb, launchFromSource, stopProcess, templateOnlyClientDir, waitForHealthz, type PostgresDb, type ServerProcess } from "../../../tests/support/server-process";
import { phonePhoto } from "../../../tests/support/photos";
import { appRoot } from "../paths";
import { startS3Server, type S3TestServer } from "../test/s3-server";

/**
 * Two real server processes with separate DATA_DIRs on one PostgreSQL and one bucket (issue 26):
 * no shared disk. An upload on one is served by the other, byte for byte, with Range; a delete
 * on the other removes the objects. Needs PostgreSQL (TEST_DATABASE_URL), like
 * multi-instance.test.ts: PGlite is one process's database.
 */

const url = process.env.TEST_DATABASE_URL;
const ADMIN = { username: "admin", password: "correct-horse-battery" };

interface Instance extends ServerProcess {
  url: string;
  dataDir: string;
}

describe.skipIf(!url)("two instances, separate DATA_DIRs, one PostgreSQL, one bucket", () => {
  let db: PostgresDb;
  let s3: S3TestServer;
  let a: Instance;
  let b: Instance;
  let token = "";
  const clientDir = templateOnlyClientDir("band-s3-client-");

  const launch = (name: string, env: Record<string, string>): Promise<Instance> => launchFromSource(appRoot, { name: `s3-${name}`, env });

  async function upload(instance: Instance, data: Buffer, fileType: "audio" | "image", name: string) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${instance.url}/api/upload/media?fileType=${fileType}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, json: (await res.json()) as any };
  }

  beforeAll(async () => {
    db = await createPostgresDb(url!, `band_s3_${process.pid}`);
    s3 = await startS3Server();
    const env = {
      DATABASE_URL: db.url,
      CLIENT_DIST_DIR: clientDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
      // the credentials the usual way, not in the address
      STORAGE_URL: s3.storageUrlWithoutCredentials,
      ...s3.credentials,
    };
    [a, b] = await Promise.all([launch("a", env), launch("b", env)]);
    for (const instance of [a, b]) {
      const health = await waitForHealthz(instance.url, instance, { timeoutMs: 60_000, intervalMs: 100 });
      if (health !== "healthy") throw new Error(`an instance did not start (${health}):\n${instance.output()}`);
    }
    const login = await fetch(`${a.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
    token = ((await login.json()) as { token: string }).token;
  }, 90_000);

  afterAll(async () => {
    for (const instance of [a, b]) if (instance) await stopProcess(instance);
    await s3?.close();
    await db?.drop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  }, 30_000);

  it("an upload on one is served by the other byte for byte, with Range and ETag; neither keeps it on its own disk", async () => {
    const audio = Buffer.concat([Buffer.from("ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000", "latin1"), randomBytes(700_000)]);
    const up = await upload(a, audio, "audio", "soundcheck.mp3");
    expect(up.status).toBe(200);
    const filePath = up.json.data.filePath as string;
    expect(s3.storedBytes(filePath.replace("/uploads/", ""))?.equals(audio)).toBe(true);

    const whole = await fetch(`${b.url}${filePath}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(audio)).toBe(true);
    const etag = whole.headers.get("etag")!;

    const seek = await fetch(`${b.url}${filePath}`, { headers: { range: "bytes=350000-350999" } });
    expect(seek.status).toBe(206);
    expect(seek.headers.get("content-range")).toBe(`bytes 350000-350999/${audio.length}`);
    expect(Buffer.from(await seek.arrayBuffer()).equals(audio.subarray(350_000, 351_000))).toBe(true);
    const tail = await fetch(`${b.url}${filePath}`, { headers: { range: "bytes=-64" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(audio.subarray(audio.length - 64))).toBe(true);
    // both answer the same ETag for the same object
    expect((await fetch(`${a.url}${filePath}`, { headers: { "if-none-match": etag } })).status).toBe(304);

    for (const instance of [a, b]) expect(fs.existsSync(path.join(instance.dataDir, "uploads"))).toBe(false);
  });

  it("a photo uploaded on one: the other serves its variants; deleted on the other, its objects are gone for both", async () => {
    const photo = await phonePhoto({ width: 1000, height: 700 });
    const up = await upload(b, photo, "image", "crowd.jpg");
    expect(up.status).toBe(200);
    const media = up.json.data as { id: number; filePath: string; variants: { path: string; size: number }[] };
    expect(media.variants.length).toBeGreaterThan(0);
    for (const v of media.variants) {
      const res = await fetch(`${a.url}${v.path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await res.arrayBuffer()).equals(s3.storedBytes(v.path.replace("/uploads/", ""))!)).toBe(true);
    }
    const del = await fetch(`${a.url}/api/media/${media.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(del.status).toBe(200);
    for (const p of [media.filePath, ...media.variants.map((v) => v.path)]) {
      expect(s3.keys()).not.toContain(p.replace("/uploads/", ""));
      expect((await fetch(`${b.url}${p}`)).status).toBe(404);
    }
  });

  it("neither logged an error, nor printed the AWS SDK's Node version warning", () => {
    for (const instance of [a, b]) {
      const out = instance.output();
      expect(out).not.toContain("NodeVersionSupportWarning");
      const errors = out.split("\n").filter((line) => {
        try {
          return (JSON.parse(line) as { level?: number }).level! >= 50;
        } catch {
          return /error/i.test(line);
        }
      });
      expect(errors).toEqual([]);
    }
  });
});
