/**
 * A real S3-compatible server for tests and benches: s3rver (npm, 3.7.1, pure Node, files in a
 * folder of its own), on 127.0.0.1 with one bucket. Decision 039 says why this one.
 * Not a test file, so any test or bench can import it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** STORAGE_URL for the app, with s3rver's credentials in it */
  storageUrl: string;
  /** STORAGE_URL without credentials (they go in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY) */
  storageUrlWithoutCredentials: string;
  credentials: { AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string };
  /** the bytes the server really keeps for a key (its own file on disk), or null */
  storedBytes(key: string): Buffer | null;
  /** every key in the bucket, sorted */
  keys(): string[];
  /** stops answering (connections refused), as in a bucket outage */
  stop(): Promise<void>;
  /** answers again on the same port, with what it held */
  start(): Promise<void>;
  /** stops and removes its folder */
  close(): Promise<void>;
}

const SUFFIX = "._S3rver_object";

export async function startS3Server(options: { bucket?: string; port?: number } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? "band-uploads";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "band-s3-"));
  let port = options.port ?? 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
    port = (await server.run()).port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const query = `endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`;
  const walk = (dir: string): string[] =>
    fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])) : [];
  return {
    endpoint,
    bucket,
    storageUrl: `s3://S3RVER:S3RVER@${bucket}?${query}`,
    storageUrlWithoutCredentials: `s3://${bucket}?${query}`,
    credentials: { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" },
    storedBytes(key) {
      const file = path.join(directory, bucket, key + SUFFIX);
      return fs.existsSync(file) ? fs.readFileSync(file) : null;
    },
    keys() {
      const root = path.join(directory, bucket);
      return walk(root)
        .filter((f) => f.endsWith(SUFFIX))
        .map((f) => path.relative(root, f).slice(0, -SUFFIX.length).split(path.sep).join("/"))
        .sort();
    },
    async stop() {
      await server?.close();
      server = null;
    },
    start,
    async close() {
      await server?.close();
      server = null;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
