import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { appRoot } from "../paths";

declare module "vitest" {
  export interface ProvidedContext {
    /** this run's migrated templates: a PGlite dump file always (the backup tests use PGlite on
     * both databases), and a PostgreSQL database when TEST_DATABASE_URL is set; `bareFile` is the
     * PGlite dump before the migrations (no table at all) */
    testDbTemplate: { file: string; bareFile: string; database?: string };
  }
}

/** The PGlite template file this run's global setup wrote (test files and their helpers only). */
export function pgliteTemplateFile(): string {
  return inject("testDbTemplate").file;
}

/** The PGlite dump this run's global setup took before migrating: a new database, no table at all. */
export function pgliteBareTemplateFile(): string {
  return inject("testDbTemplate").bareFile;
}

/**
 * A dump's bytes as a Blob whose `arrayBuffer()` hands out the bytes it was made from instead of a
 * new copy: Node's reads the Blob 64 KB at a time and joins the pieces, ~20 of the server files'
 * ~400 s of CPU over their ~150 opens of the 42 MB dump (profiled, 28 Nov 2026). PGlite's
 * `loadDataDir` only reads them (it untars them and writes each file into its own file system,
 * which copies), so the opens of one worker can share them.
 */
class TemplateDump extends Blob {
  readonly #dump: ArrayBuffer;
  constructor(dump: ArrayBuffer) {
    super([dump]);
    this.#dump = dump;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#dump);
  }
}

// a worker runs many files in one module graph (vitest.config.ts): each template is read once,
// into one Blob for every open (making one copies the dump: ~13 s of CPU when each open made its own)
const templateBlobs = new Map<string, Blob>();
/** The migrated PGlite template (or the bare one) as PGlite's `loadDataDir` takes it. */
export function pgliteTemplateBlob({ migrated = true } = {}): Blob {
  const file = migrated ? pgliteTemplateFile() : pgliteBareTemplateFile();
  let blob = templateBlobs.get(file);
  if (!blob) {
    const bytes = fs.readFileSync(file);
    templateBlobs.set(file, (blob = new TemplateDump(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))));
  }
  return blob;
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
 * removed when its run ends. The PGlite database is dumped once before migrating too: creating
 * one (initdb) costs ~8 s of CPU, opening a dump ~0.5 s (the backup tests restore into bare ones).
 * The dumps are plain tarballs: inflating a gzipped one cost ~0.4 s of CPU per open.
 */
export default async function setup(project: TestProject) {
  const file = path.join(appRoot, ".test-data", `pglite-template-${process.pid}.tar`);
  const bareFile = path.join(appRoot, ".test-data", `pglite-bare-${process.pid}.tar`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = await openPglite({});
  fs.writeFileSync(bareFile, Buffer.from(await (await db.dump!()).arrayBuffer()));
  await migrate(db);
  // a checkpoint first: each open of the dump then has no WAL to replay (~10% less CPU per open)
  await db.db.execute(sql`CHECKPOINT`);
  fs.writeFileSync(file, Buffer.from(await (await db.dump!()).arrayBuffer()));
  await db.close();
  const removeFiles = () => {
    fs.rmSync(file, { force: true });
    fs.rmSync(bareFile, { force: true });
  };

  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide("testDbTemplate", { file, bareFile });
    return removeFiles;
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
  project.provide("testDbTemplate", { file, bareFile, database: name });
  return async () => {
    removeFiles();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
