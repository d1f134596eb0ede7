import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "../db/client";
import { migrationsDir } from "../paths";
import { BackupError, type Manifest } from "./manifest";
import { rowsOf } from "./sql";

export interface Migration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

/** The code's migrations (drizzle/meta/_journal.json and its SQL files), oldest first. */
export function codeMigrations(folder = migrationsDir): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((e, i) => ({ tag: e.tag, when: e.when, hash: files[i].hash, statements: files[i].sql }));
}

type Executor = Pick<Db, "execute">;

/** The migrations applied to a database (drizzle's own table), named by the code's journal where it knows them. */
export async function appliedMigrations(db: Executor, known = codeMigrations()): Promise<Manifest["migrations"]> {
  const exists = rowsOf(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`))[0].ok;
  if (!exists) return { latest: null, applied: [] };
  const rows = rowsOf(await db.execute(sql`select hash, created_at::text as "when" from drizzle.__drizzle_migrations order by created_at`));
  const applied = rows.map((r) => {
    const when = Number(r.when);
    return { tag: known.find((m) => m.when === when)?.tag ?? null, when, hash: String(r.hash) };
  });
  const last = applied.at(-1);
  return { latest: last ? { tag: last.tag, when: last.when } : null, applied };
}

/**
 * How many of the code's migrations a backup's database had: its latest must be one the code
 * knows (a backup from a newer version of the site is refused: update the site first).
 */
export function archiveLevel(manifest: Manifest, known: Migration[]): number {
  const latest = manifest.migrations.latest;
  if (!latest) return 0;
  const index = known.findIndex((m) => m.when === latest.when);
  if (index >= 0) return index + 1;
  const newest = known.at(-1);
  if (!newest || latest.when > newest.when) {
    throw new BackupError(
      `This backup comes from a newer version of the site (its database is at migration ${latest.tag ?? latest.when}; this code knows up to ${newest?.tag ?? "none"}). Update the site's code first, then restore.`,
    );
  }
  throw new BackupError(`This backup's database is at migration ${latest.tag ?? latest.when}, which this code does not know.`);
}

/**
 * Applies migrations [from, to) the way drizzle's migrator does (each statement, then its row in
 * drizzle.__drizzle_migrations), but inside the caller's transaction, so a restore that fails
 * later leaves no half-migrated schema behind.
 */
export async function applyMigrations(tx: Executor, known: Migration[], from: number, to: number): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const m of known.slice(from, to)) {
    for (const statement of m.statements) if (statement.trim()) await tx.execute(sql.raw(statement));
    await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${m.hash}, ${m.when})`);
  }
}
