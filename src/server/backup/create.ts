import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { create as createTar } from "tar";
import type { Database } from "../db/client";
import { TEMP_PREFIX } from "../storage/save";
import { LocalStore } from "../storage/local-store";
import { isPrivateKey, safeKey, type ObjectStore } from "../storage/object-store";
import { listSequences, listTables } from "./catalog";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_NAME, type Manifest } from "./manifest";
import { appliedMigrations } from "./migrations";
import { verifyArchive } from "./read";
import { ident, rowsOf, type Executor } from "./sql";

/** Rows read per query: keeps the memory a dump takes small (PGlite's memory never shrinks). */
const BATCH = 2000;

export interface BackupResult {
  file: string;
  size: number;
  tables: number;
  rows: number;
  files: number;
  /** milliseconds the database snapshot (the read-only transaction) took */
  snapshotMs: number;
  ms: number;
}

/** Session settings that make every value's text form the same on any server (and parseable back). */
const TEXT_FORMS = ["set local datestyle = 'ISO, YMD'", "set local timezone = 'UTC'", "set local intervalstyle = 'postgres'", "set local bytea_output = 'hex'", "set local extra_float_digits = 3"];

/**
 * Writes every table of the public schema as db/<table>.jsonl (one JSON array of the columns'
 * text forms per row) in ONE repeatable-read, read-only transaction: a consistent snapshot while
 * the site keeps writing. Text forms round-trip exactly for every type (timestamps to the
 * microsecond, numerics, jsonb, arrays, bytea), on PGlite and PostgreSQL alike.
 */
async function snapshot(database: Database, dir: string) {
  fs.mkdirSync(path.join(dir, "db"), { recursive: true });
  return database.db.transaction(
    async (tx) => {
      for (const s of TEXT_FORMS) await tx.execute(sql.raw(s));
      const migrations = await appliedMigrations(tx);
      const tables: Manifest["tables"] = [];
      const files: Manifest["files"] = [];
      for (const t of await listTables(tx)) {
        const file = `db/${t.name}.jsonl`;
        const { rows, size, sha256 } = await dumpTable(tx, t, path.join(dir, file));
        tables.push({ name: t.name, file, rows, columns: t.columns });
        files.push({ path: file, size, sha256 });
      }
      const sequences: Manifest["sequences"] = [];
      for (const name of await listSequences(tx)) {
        const [row] = rowsOf(await tx.execute(sql.raw(`select last_value::text as v, is_called from ${ident(name)}`)));
        sequences.push({ name, lastValue: String(row.v), isCalled: Boolean(row.is_called) });
      }
      return { migrations, tables, files, sequences };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function dumpTable(tx: Executor, t: Awaited<ReturnType<typeof listTables>>[number], file: string) {
  const line = `json_build_array(${t.columns.map((c) => `${ident(c.name)}::text`).join(", ")})::text as line`;
  const keys = t.primaryKey.map((c, i) => `${ident(c.name)}::text as k${i}`);
  const order = t.primaryKey.length ? `order by ${t.primaryKey.map((c) => ident(c.name)).join(", ")}` : "";
  const hash = createHash("sha256");
  const fd = fs.openSync(file, "w", 0o600);
  let rows = 0;
  let size = 0;
  try {
    let last: string[] | null = null;
    for (;;) {
      const parts: SQL[] = [sql.raw(`select ${[line, ...keys].join(", ")} from ${ident(t.name)} `)];
      if (last && t.primaryKey.length) {
        const values = t.primaryKey.map((c, i) => sql`${last![i]}::${sql.raw(c.type)}`);
        parts.push(sql.raw(`where (${t.primaryKey.map((c) => ident(c.name)).join(", ")}) > (`), sql.join(values, sql.raw(", ")), sql.raw(") "));
      }
      // a table without a primary key (none today) is read in one go
      parts.push(sql.raw(t.primaryKey.length ? `${order} limit ${BATCH}` : ""));
      const batch = rowsOf(await tx.execute(sql.join(parts)));
      if (batch.length === 0) break;
      const text = batch.map((r) => `${r.line}\n`).join("");
      const bytes = Buffer.from(text, "utf8");
      hash.update(bytes);
      fs.writeSync(fd, bytes);
      size += bytes.length;
      rows += batch.length;
      if (!t.primaryKey.length || batch.length < BATCH) break;
      const end = batch[batch.length - 1];
      last = t.primaryKey.map((_, i) => String(end[`k${i}`]));
    }
  } finally {
    fs.closeSync(fd);
  }
  return { rows, size, sha256: hash.digest("hex") };
}

/** Every upload file (relative paths, sorted), leaving out the temporary files of uploads in progress. */
export function listUploads(uploadsDir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(uploadsDir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    for (const e of entries) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && !e.name.startsWith(TEMP_PREFIX)) out.push(p);
    }
  };
  walk("");
  return out.sort();
}

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}

/**
 * Every upload object of the store into `dir` (same relative paths), for the archive; returns
 * `dir`. An import in progress (`imports/`) is not an upload: left out, as DATA_DIR/imports is.
 */
async function copyBucket(store: ObjectStore, dir: string): Promise<string> {
  for await (const o of store.list("")) {
    const key = safeKey(o.key);
    if (!key || isPrivateKey(key)) continue;
    const file = path.join(dir, ...key.split("/"));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await store.download(key, file);
  }
  return dir;
}

/**
 * Writes one .tar.gz: manifest.json first, then db/<table>.jsonl, then uploads/... . It is
 * written next to `out` under a temporary name, read back and checked against its manifest
 * (exactly what a restore checks), and only then renamed to `out`: a file at `out` is a whole,
 * verified backup. The archive holds password hashes and fans' addresses: it is made 0600.
 */
export async function createBackup(database: Database, uploads: string | ObjectStore, out: string): Promise<BackupResult> {
  const started = performance.now();
  const target = path.resolve(out);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tag = randomBytes(4).toString("hex");
  const staging = `${target}.staging-${tag}`;
  const partial = `${target}.partial-${tag}`;
  fs.mkdirSync(staging, { mode: 0o700 });
  try {
    const snapStart = performance.now();
    const snap = await snapshot(database, staging);
    const snapshotMs = performance.now() - snapStart;
    // the uploads after the snapshot: a file uploaded meanwhile is extra (harmless); upload files never change once named.
    // A bucket's objects are copied into the staging folder first (decision 039): the archive is whole on its own.
    const uploadsDir = typeof uploads === "string" ? uploads : uploads instanceof LocalStore ? uploads.root : await copyBucket(uploads, path.join(staging, "bucket"));
    const uploadFiles = listUploads(uploadsDir);
    const files = [...snap.files];
    for (const rel of uploadFiles) files.push({ path: `uploads/${rel}`, ...(await hashFile(path.join(uploadsDir, rel))) });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      source: { db: database.kind },
      migrations: snap.migrations,
      tables: snap.tables,
      sequences: snap.sequences,
      files,
    };
    fs.writeFileSync(path.join(staging, MANIFEST_NAME), JSON.stringify(manifest, null, 1), { mode: 0o600 });
    // tar reads the uploads through a link, so their archive paths are uploads/<relative path>
    fs.symlinkSync(path.resolve(uploadsDir), path.join(staging, "uploads"), "dir");
    fs.writeFileSync(partial, "", { mode: 0o600 });
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true, noDirRecurse: true }, [MANIFEST_NAME, ...files.map((f) => f.path)]);
    await verifyArchive(partial);
    fs.renameSync(partial, target);
    return {
      file: target,
      size: fs.statSync(target).size,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
      files: uploadFiles.length,
      snapshotMs,
      ms: performance.now() - started,
    };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    // the link first, on its own: nothing may ever delete through it into the real uploads
    fs.rmSync(path.join(staging, "uploads"), { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
