import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { appRoot } from "../paths";

export const TEMPLATE_FILE = path.join(appRoot, ".test-data", "pglite-template.tar.gz");
export const PG_TEMPLATE_DB = "band_site_template";

/**
 * Migrates one database before any test file runs; each test file then starts from a copy
 * (PGlite: a dumped data dir; PostgreSQL: CREATE DATABASE ... TEMPLATE), which takes far
 * less time than migrating again.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${PG_TEMPLATE_DB}`;
    const db = await openPostgres(u.toString());
    await migrate(db);
    await db.close();
    return;
  }
  const db = await openPglite({});
  await migrate(db);
  const blob = await db.dump!();
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  fs.writeFileSync(TEMPLATE_FILE, Buffer.from(await blob.arrayBuffer()));
  await db.close();
}
