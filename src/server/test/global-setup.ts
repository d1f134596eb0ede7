import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { appRoot } from "../paths";

declare module "vitest" {
  export interface ProvidedContext {
    /** this run's migrated templates: a PGlite dump file always (the backup tests use PGlite on
     * both databases), and a PostgreSQL database when TEST_DATABASE_URL is set */
    testDbTemplate: { file: string; database?: string };
  }
}

/** The PGlite template file this run's global setup wrote (test files and their helpers only). */
export function pgliteTemplateFile(): string {
  return inject("testDbTemplate").file;
}

/** The PostgreSQL template database this run's global setup migrated (test files and their helpers only). */
export function pgTemplateDb(): string {
  const { database } = inject("testDbTemplate");
  if (!database) throw new Error("no PostgreSQL template: TEST_DATABASE_URL was not set");
  return database;
}

/**
 * Migrates one database before any test file runs; each test file then starts from a copy
 * (PGlite: a dumped data dir; PostgreSQL: CREATE DATABASE ... TEMPLATE), which takes far
 * less time than migrating again. The PGlite one is made on PostgreSQL runs too: the backup
 * tests move a PGlite site there. Named after this run's process (decision 031): two runs at
 * once on one PostgreSQL server (CI's two passes, two worktrees) each keep their own; each is
 * removed when its run ends.
 */
export default async function setup(project: TestProject) {
  const file = path.join(appRoot, ".test-data", `pglite-template-${process.pid}.tar.gz`);
  const db = await openPglite({});
  await migrate(db);
  const blob = await db.dump!();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await db.close();

  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide("testDbTemplate", { file });
    return () => fs.rmSync(file, { force: true });
  }
  const name = `band_site_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const pgDb = await openPostgres(u.toString());
  await migrate(pgDb);
  await pgDb.close();
  project.provide("testDbTemplate", { file, database: name });
  return async () => {
    fs.rmSync(file, { force: true });
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
