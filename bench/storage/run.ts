// Upload and range-read throughput of the upload store (issue 26): an S3-compatible server on this
// machine (s3rver, the one the tests use) against the local disk (DATA_DIR/uploads), through the
// app's own ObjectStore (src/server/storage/), the code the uploads and /uploads/... go through.
//   npx tsx bench/storage/run.ts            [FILES=40] [SIZE_MB=2] [RANGE_READS=400] [RANGE_KB=64] [CONCURRENCY=4]
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseStorageUrl, type S3Location } from "../../src/server/config";
import { LocalStore } from "../../src/server/storage/local-store";
import type { ObjectStore } from "../../src/server/storage/object-store";
import { S3Store } from "../../src/server/storage/s3-store";
import { startS3Server } from "../../src/server/test/s3-server";

const FILES = Number(process.env.FILES ?? 40);
const SIZE = Number(process.env.SIZE_MB ?? 2) * 1024 * 1024;
const RANGE_READS = Number(process.env.RANGE_READS ?? 400);
const RANGE = Number(process.env.RANGE_KB ?? 64) * 1024;
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);

async function parallel(n: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < n) await work(next++);
  }));
}

async function drain(stream: NodeJS.ReadableStream): Promise<number> {
  let n = 0;
  for await (const chunk of stream) n += (chunk as Buffer).length;
  return n;
}

async function measure(name: string, store: ObjectStore, sources: string[]) {
  const keys = sources.map((_, i) => `audio/bench-${i}.mp3`);
  let t = performance.now();
  await parallel(sources.length, (i) => store.putFile(keys[i], sources[i]));
  const upMs = performance.now() - t;

  t = performance.now();
  let bytes = 0;
  const latencies: number[] = [];
  await parallel(RANGE_READS, async (i) => {
    const start = (i * 7919 * 1024) % (SIZE - RANGE);
    const began = performance.now();
    const got = await store.read(keys[i % keys.length], { range: { start, end: start + RANGE - 1 } });
    if (got.status !== "ok") throw new Error(`${name}: range read ${got.status}`);
    const n = await drain(got.body);
    bytes += n;
    latencies.push(performance.now() - began);
  });
  const readMs = performance.now() - t;
  if (bytes !== RANGE_READS * RANGE) throw new Error(`${name}: read ${bytes} bytes, expected ${RANGE_READS * RANGE}`);

  t = performance.now();
  let whole = 0;
  await parallel(keys.length, async (i) => {
    const got = await store.read(keys[i]);
    if (got.status !== "ok") throw new Error(`${name}: read ${got.status}`);
    const n = await drain(got.body);
    whole += n;
  });
  const wholeMs = performance.now() - t;

  latencies.sort((a, b) => a - b);
  const mb = (n: number) => n / (1024 * 1024);
  return {
    store: name,
    "upload MB/s": (mb(FILES * SIZE) / (upMs / 1000)).toFixed(1),
    "uploads/s": (FILES / (upMs / 1000)).toFixed(1),
    "range reads/s": (RANGE_READS / (readMs / 1000)).toFixed(0),
    "range p50 ms": latencies[Math.floor(latencies.length / 2)].toFixed(1),
    "range p95 ms": latencies[Math.floor(latencies.length * 0.95)].toFixed(1),
    "whole-file read MB/s": (mb(whole) / (wholeMs / 1000)).toFixed(1),
  };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "band-storage-bench-"));
  const s3 = await startS3Server({ bucket: "band-bench" });
  const bucket = await S3Store.open(parseStorageUrl(s3.storageUrl) as S3Location);
  const disk = new LocalStore(path.join(work, "uploads"));
  try {
    const sources = Array.from({ length: FILES }, (_, i) => {
      const file = path.join(work, `source-${i}.bin`);
      fs.writeFileSync(file, randomBytes(SIZE));
      return file;
    });
    console.log(`${FILES} files of ${SIZE / (1024 * 1024)} MB, ${RANGE_READS} reads of ${RANGE / 1024} KB at random offsets, ${CONCURRENCY} at a time; ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    const rows = [await measure("local disk", disk, sources), await measure("s3rver (local S3)", bucket, sources)];
    console.table(rows);
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  } finally {
    bucket.close();
    await s3.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
