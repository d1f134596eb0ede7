import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { testConfig, type Env } from "../config";
import { openPostgres } from "../db/client";
import type { TestApp } from "./app";

/**
 * A second app in this process on the same PostgreSQL database as `t` (its own pool, its own
 * DATA_DIR): two instances of the site, for work that must happen once however many run it
 * (a module's background round). PostgreSQL only (TEST_DATABASE_URL): PGlite is one process's.
 */
export async function secondInstance(t: TestApp, overrides: Partial<Env> = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || t.database.kind !== "postgres") throw new Error("secondInstance needs TEST_DATABASE_URL (PostgreSQL)");
  const result = (await t.app.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const [{ name }] = result.rows;
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-test-b-"));
  const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir, ...overrides }), database, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
