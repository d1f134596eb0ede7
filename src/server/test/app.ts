import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app";
import { testConfig, type Env } from "../config";
import { openPglite, openPostgres, type Database } from "../db/client";
import { ensurePrimaryAdmin } from "../db/bootstrap";
import { pgTemplateDb, pgliteTemplateBlob, pgliteTemplateFile } from "./global-setup";
import { emptiedPglite, giveBack } from "./pglite-reuse";

export const ADMIN = { username: "admin", password: "correct-horse-battery" };

/** A fresh database copied from the migrated template: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return (await emptiedPglite()) ?? openPglite({ loadDataDir: pgliteTemplateBlob() });
  }
  const name = `band_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplateDb()}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString());
  return {
    ...db,
    close: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A new DATA_DIR whose PGlite database (DATA_DIR/db) is a copy of the migrated template, for a
 * test that starts the server as a process: the server opens it as it would after its first
 * start, instead of creating a database (initdb, ~8-10 s of CPU) and migrating it.
 */
export async function dataDirWithDatabase(prefix: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const db = path.join(dataDir, "db");
  fs.mkdirSync(db, { recursive: true });
  const { extract } = await import("tar");
  await extract({ file: pgliteTemplateFile(), cwd: db });
  return dataDir;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  /** app.inject with the JSON body parsed */
  request(opts: InjectOptions): Promise<LightMyRequestResponse & { body: string; json: () => any }>;
  /** logs in as the primary admin and returns the bearer headers */
  adminHeaders(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * The usual start of a module test file: the app, and the primary admin's bearer headers.
 * `beforeAll(async () => ({ t, headers } = await startWithAdmin()));`
 */
export async function startWithAdmin(overrides: Partial<Env> = {}): Promise<{ t: TestApp; headers: Record<string, string> }> {
  const t = await createTestApp(overrides);
  return { t, headers: await t.adminHeaders() };
}

/** Builds the real app on a fresh database with the primary admin in place. */
export async function createTestApp(overrides: Partial<Env> = {}, options: { logStream?: { write(line: string): void } } = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-test-"));
  const config = testConfig({ DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...overrides });
  await ensurePrimaryAdmin(database.db, config, { info() {}, warn() {} } as never);
  const app = await buildApp({ config: options.logStream ? { ...config, LOG_LEVEL: "debug" } : config, database, logger: Boolean(options.logStream), logStream: options.logStream });
  await app.ready();
  let headers: Record<string, string> | undefined;
  return {
    app,
    database,
    dataDir,
    request: (opts) => app.inject(opts) as never,
    async adminHeaders() {
      if (headers) return headers;
      const res = await app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
      if (res.statusCode !== 200) throw new Error(`test login failed: ${res.body}`);
      headers = { authorization: `Bearer ${res.json().token}` };
      return headers;
    },
    async close() {
      await app.close();
      await giveBack(database);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
