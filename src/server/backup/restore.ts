import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { anyRows, foreignKeyOrder, foreignKeyParents, listTables } from "./catalog";
import { listUploads } from "./create";
import { BackupError, type Manifest } from "./manifest";
import { applyMigrations, archiveLevel, codeMigrations } from "./migrations";
import { readArchive } from "./read";
import { ident, rowsOf, type Executor } from "./sql";

const INSERT_BATCH = 2000;

export interface RestoreOptions {
  /** the archive */
  file: string;
  database: Database;
  /** DATA_DIR: the uploads go to <dataDir>/uploads, the temporary folder beside it */
  uploadsDir: string;
  /** empty a target that holds data first (in the same transaction, for the database) */
  force?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  files: number;
  /** the code's latest migration the database was brought to after the archive's level */
  migratedTo: string | null;
  ms: number;
}

/** What is already in the target, or null when it is empty. */
export async function targetContents(database: Database, uploadsDir: string): Promise<string | null> {
  const table = await anyRows(database.db);
  if (table) return `the database has rows (e.g. in ${table})`;
  const files = listUploads(uploadsDir);
  if (files.length) return `${uploadsDir} holds ${files.length} file(s)`;
  return null;
}

/**
 * Restores a backup into `database` and `uploadsDir`:
 * 1. the whole archive is read and checked (and extracted into a folder beside the uploads)
 *    before anything is touched: a damaged or foreign file changes nothing;
 * 2. a target that holds data is refused unless `force`;
 * 3. ONE transaction: the public schema is emptied (force) and rebuilt by the migrations up to the
 *    archive's level, the rows go in (foreign-key parents first), the sequences are set, and the
 *    migrations the code has beyond the archive's level run: a failure leaves the database as it was;
 * 4. after the commit, the uploads folder is swapped for the extracted one.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const uploadsDir = path.resolve(opts.uploadsDir);
  const parent = path.dirname(uploadsDir);
  const parentExisted = fs.existsSync(parent);
  fs.mkdirSync(parent, { recursive: true });
  const staging = fs.mkdtempSync(path.join(parent, `.restore-${randomBytes(3).toString("hex")}-`));
  let swapped = false;
  try {
    const manifest = await readArchive(opts.file, { extractTo: staging });
    const known = codeMigrations();
    const level = archiveLevel(manifest, known);
    const existing = await targetContents(opts.database, uploadsDir);
    if (existing && !opts.force) throw new BackupError(`The target is not empty (${existing}). Restore into an empty DATA_DIR and database, or add --force to replace what is there.`);

    let rows = 0;
    await opts.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw("set local timezone = 'UTC'"));
      await emptySchema(tx);
      await applyMigrations(tx, known, 0, level);
      const tables = new Map((await listTables(tx)).map((t) => [t.name, t]));
      for (const t of manifest.tables) {
        if (!tables.has(t.name)) throw new BackupError(`The backup's table ${t.name} does not exist at its migration level; the backup is inconsistent.`);
      }
      const order = foreignKeyOrder(manifest.tables.map((t) => t.name), await foreignKeyParents(tx));
      for (const name of order) {
        const t = manifest.tables.find((x) => x.name === name)!;
        rows += await insertRows(tx, t, tables.get(name)!, path.join(staging, ...t.file.split("/")));
      }
      await restoreSequences(tx, manifest);
      await applyMigrations(tx, known, level, known.length);
    });

    // the uploads: the extracted folder takes the place of the old one (kept aside until it did)
    const fresh = path.join(staging, "uploads");
    fs.mkdirSync(fresh, { recursive: true });
    const old = path.join(staging, "uploads-before");
    if (fs.existsSync(uploadsDir)) fs.renameSync(uploadsDir, old);
    fs.renameSync(fresh, uploadsDir);
    swapped = true;
    return {
      manifest,
      rows,
      files: manifest.files.filter((f) => f.path.startsWith("uploads/")).length,
      migratedTo: known.at(-1)?.tag ?? null,
      ms: performance.now() - started,
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    if (!swapped && !parentExisted) fs.rmSync(parent, { recursive: true, force: true });
  }
}

/** Drops every table and sequence of the public schema and drizzle's record of migrations. */
async function emptySchema(tx: Executor) {
  const tables = await listTables(tx);
  if (tables.length) await tx.execute(sql.raw(`drop table ${tables.map((t) => ident(t.name)).join(", ")} cascade`));
  const seqs = rowsOf(await tx.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'`));
  if (seqs.length) await tx.execute(sql.raw(`drop sequence ${seqs.map((s) => ident(String(s.name))).join(", ")} cascade`));
  await tx.execute(sql`drop table if exists drizzle.__drizzle_migrations`);
}

async function insertRows(tx: Executor, t: Manifest["tables"][number], live: Awaited<ReturnType<typeof listTables>>[number], file: string): Promise<number> {
  const types = t.columns.map((c) => {
    const col = live.columns.find((l) => l.name === c.name);
    if (!col) throw new BackupError(`The backup's column ${t.name}.${c.name} does not exist at its migration level; the backup is inconsistent.`);
    return col.type;
  });
  const columns = t.columns.map((c) => ident(c.name)).join(", ");
  const values = types.map((type, i) => `(r->>${i})::${type}`).join(", ");
  // every value travels as its text form and is read back by its type's own input function
  const statement = `insert into ${ident(t.name)} (${columns}) overriding system value select ${values} from json_array_elements($1::json) as r`;
  let batch: string[] = [];
  let count = 0;
  const run = async (lines: string[]) => {
    const [head, tail] = statement.split("$1");
    await tx.execute(sql.join([sql.raw(head), sql`${`[${lines.join(",")}]`}`, sql.raw(tail)]));
  };
  const input = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of input) {
    if (!line) continue;
    batch.push(line);
    count++;
    if (batch.length >= INSERT_BATCH) {
      await run(batch);
      batch = [];
    }
  }
  if (batch.length) await run(batch);
  if (count !== t.rows) throw new BackupError(`${t.file} holds ${count} rows, not ${t.rows}.`);
  return count;
}

/** Sequences as they were (never below the largest id in their column), so new rows get new ids. */
async function restoreSequences(tx: Executor, manifest: Manifest) {
  const live = new Set(rowsOf(await tx.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'`)).map((r) => String(r.name)));
  for (const s of manifest.sequences) {
    if (!live.has(s.name)) continue;
    await tx.execute(sql`select setval(${ident(s.name)}::regclass, ${s.lastValue}::bigint, ${s.isCalled})`);
  }
  // and any serial column whose rows went past its sequence
  const serials = rowsOf(
    await tx.execute(sql`
      select c.relname as "table", a.attname as "column", pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`),
  );
  for (const s of serials) {
    await tx.execute(
      sql.raw(
        `select setval('${String(s.seq).replace(/'/g, "''")}', (select max(${ident(String(s.column))}) from ${ident(String(s.table))})) where (select max(${ident(String(s.column))}) from ${ident(String(s.table))}) >= (select last_value from ${String(s.seq)})`,
      ),
    );
  }
}
