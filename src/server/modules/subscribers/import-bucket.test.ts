import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { importClaims, subscribers } from "../../db/schema";
import { ADMIN, createTestApp, type TestApp } from "../../test/app";
import { multipartFile } from "../../test/multipart";
import { startS3Server, type S3TestServer } from "../../test/s3-server";
import { importFilesOf } from "./import-store";
import type { ImportProgress } from "./import-progress";

/**
 * Subscriber CSV imports with the uploads in a bucket (issue 26, decision 039): two instances
 * with their own DATA_DIRs on one database and one bucket (a real s3rver). The upload reaches
 * one, the run, the resume or the discard the other.
 */

let s3: S3TestServer;
let a: TestApp;
let b: FastifyInstance;
let bDir: string;
let headers: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "band-imports" });
  a = await createTestApp({ STORAGE_URL: s3.storageUrl });
  // the second instance: the same database, its own DATA_DIR, the same bucket
  bDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-test-b-"));
  b = await buildApp({ config: testConfig({ DATA_DIR: bDir, STORAGE_URL: s3.storageUrl, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }), database: a.database, logger: false });
  await b.ready();
  headers = await a.adminHeaders();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
  fs.rmSync(bDir, { recursive: true, force: true });
});

const csv = ["Email,Name", ...Array.from({ length: 12 }, (_, i) => `bucketfan${i}@example.com,Fan ${i}`)].join("\n");
const mapping = { email: 0, name: 1 };

async function uploadOnA() {
  const body = multipartFile(csv, { name: "fans.csv", type: "text/csv" });
  const res = await a.request({ method: "POST", url: "/api/subscribers/import", payload: body.payload, headers: { ...headers, ...body.headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.importId as string;
}
const onB = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) => b.inject({ method, url, headers, ...(payload && { payload }) });
const fans = async () => (await a.database.db.select().from(subscribers)).filter((s) => s.email.startsWith("bucketfan"));
const importObjects = () => s3.keys().filter((k) => k.startsWith("imports/"));
const localImports = (dir: string) => (fs.existsSync(path.join(dir, "imports")) ? fs.readdirSync(path.join(dir, "imports")) : []);

describe("CSV imports with a bucket, two instances", () => {
  it("uploaded on one instance, imported on the other; the bucket keeps it meanwhile and nothing stays after", async () => {
    const id = await uploadOnA();
    expect(importObjects()).toEqual([`imports/${id}.csv`, `imports/${id}.json`]);
    expect(s3.storedBytes(`imports/${id}.csv`)?.toString("utf8")).toBe(csv);
    expect(localImports(a.dataDir)).toEqual([]);
    // fans' addresses: never served as an upload, from either instance
    for (const url of [`/uploads/imports/${id}.csv`, `/uploads/imports/${id}.json`]) {
      expect((await a.request({ method: "GET", url })).statusCode, url).toBe(404);
      expect((await b.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }

    const run = await onB("POST", `/api/subscribers/import/${id}`, { mapping, alreadyOptedIn: true });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toMatchObject({ added: 12, updated: 0, duplicates: 0, rejected: 0 });
    expect(await fans()).toHaveLength(12);
    expect(importObjects()).toEqual([]);
    expect(localImports(bDir)).toEqual([]);
    expect(await a.database.db.select().from(importClaims)).toEqual([]);
    // it ran: the other instance finds it gone
    expect((await a.request({ method: "POST", url: `/api/subscribers/import/${id}`, headers, payload: { mapping, alreadyOptedIn: true } })).statusCode).toBe(404);
  });

  it("two runs of one upload at once, one on each instance: exactly one imports it", async () => {
    await a.database.db.delete(subscribers);
    const id = await uploadOnA();
    const answers = await Promise.all([
      a.request({ method: "POST", url: `/api/subscribers/import/${id}`, headers, payload: { mapping, alreadyOptedIn: true } }),
      onB("POST", `/api/subscribers/import/${id}`, { mapping, alreadyOptedIn: true }),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    // the other was refused while it ran (409), or found it done and gone (404)
    expect([404, 409]).toContain(codes[1]);
    expect(answers.find((r) => r.statusCode === 200)!.json().data.added).toBe(12);
    expect(await fans()).toHaveLength(12);
  });

  it("an import whose instance died is interrupted for the other, which resumes it; one discarded on the other leaves nothing", async () => {
    await a.database.db.delete(subscribers);
    const files = importFilesOf(a.app);
    for (const action of ["resume", "discard"] as const) {
      const id = await uploadOnA();
      // instance A claimed it and started, then died: its heartbeat stopped
      expect(await files.claimFirstRun(id)).toBe(true);
      const progress: ImportProgress = {
        owner: "dead-instance",
        generation: 1,
        fileName: "fans.csv",
        totalRows: 12,
        processed: 0,
        report: { added: 0, updated: 0, duplicates: 0, rejected: 0, rejectedRows: [], verificationMails: 0 },
        mapping,
        alreadyOptedIn: true,
        admin: "admin",
        startedAt: Date.now(),
      };
      await files.writeProgress(id, progress);
      // while the heartbeat is fresh it is running for the other instance: no resume, no discard
      expect((await onB("GET", "/api/subscribers/imports")).json().data).toEqual([expect.objectContaining({ importId: id, state: "running" })]);
      expect((await onB("POST", `/api/subscribers/import/${id}/resume`)).statusCode).toBe(409);
      await files.markStopped(id);
      expect((await onB("GET", "/api/subscribers/imports")).json().data).toEqual([expect.objectContaining({ importId: id, state: "interrupted", totalRows: 12 })]);
      if (action === "resume") {
        const resumed = await onB("POST", `/api/subscribers/import/${id}/resume`);
        expect(resumed.statusCode, resumed.body).toBe(200);
        expect(resumed.json().data).toMatchObject({ added: 12 });
        expect(await fans()).toHaveLength(12);
      } else {
        const discarded = await onB("DELETE", `/api/subscribers/import/${id}`);
        expect(discarded.statusCode, discarded.body).toBe(200);
      }
      expect(importObjects()).toEqual([]);
      expect((await onB("GET", "/api/subscribers/imports")).json().data).toEqual([]);
      expect(await a.database.db.select().from(importClaims)).toEqual([]);
    }
  });

  it("a claim is exclusive across instances: of two at once, exactly one wins", async () => {
    const [x, y] = [importFilesOf(a.app), importFilesOf(b)];
    expect((await Promise.all([x.claimGeneration("someimportid0000000000", 3), y.claimGeneration("someimportid0000000000", 3)])).sort()).toEqual([false, true]);
    await x.removeImport("someimportid0000000000");
  });
});
