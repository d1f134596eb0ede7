import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { messages } from "../db/schema";
import * as schema from "../db/schema";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { is } from "drizzle-orm";
import { PgTable as PgTableClass } from "drizzle-orm/pg-core";
import { createBackup } from "./create";
import { readArchive } from "./read";
import { restoreBackup } from "./restore";
import { BackupError } from "./manifest";
import { allFiles, allRows, fillSource, PG_URL, pgliteDatabase, postgresDatabase, tempDataDir } from "../test/backup-fixture";

const open: { close(): Promise<void> }[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const d of open.splice(0)) await d.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const track = <T extends { close(): Promise<void> }>(db: T) => (open.push(db), db);
const dir = () => {
  const d = tempDataDir();
  dirs.push(d);
  return d;
};

/** Fills `source`, backs it up, restores into `target`; every row, sequence and file must be equal. */
async function roundTrip(source: Database, target: Database) {
  const srcDir = dir();
  const config = await fillSource(source, srcDir, 25);
  const archive = path.join(dir(), "site.tar.gz");
  const made = await createBackup(source, config.uploadsDir, archive);
  expect(made.file).toBe(archive);
  expect(made.size).toBe(fs.statSync(archive).size);
  expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

  const targetUploads = path.join(dir(), "data", "uploads");
  const restored = await restoreBackup({ file: archive, database: target, uploadsDir: targetUploads });
  expect(restored.rows).toBe(made.rows);

  const [before, after] = [await allRows(source), await allRows(target)];
  // every table of the Drizzle schema is in the backup, with rows
  const names = Object.values(schema).filter((v) => is(v, PgTableClass)).map((t) => getTableConfig(t as PgTable).name);
  for (const name of names) expect(Object.keys(after)).toContain(name);
  for (const name of ["users", "shows", "merchandise", "settings", "subscribers", "media_files", "newsletters", "newsletter_deliveries", "activity_log"]) expect(after[name].length).toBeGreaterThan(0);
  expect(after).toEqual(before);
  const files = allFiles(config.uploadsDir);
  expect(Object.keys(files)).toContain("audio/live/encore take 2.mp3");
  expect(Object.keys(files).some((f) => f.includes(".tmp-"))).toBe(false);
  expect(allFiles(targetUploads)).toEqual(files);
  // the sequences go on where they were: the next message gets a new id, not the deleted one's
  const seq = async (db: Database) => (await db.db.execute(sql`select last_value::text as v from messages_id_seq`) as unknown as { rows: unknown[] }).rows;
  expect(await seq(target)).toEqual(await seq(source));
  const [a] = await source.db.insert(messages).values({ email: "a@example.com", message: "x" }).returning();
  const [b] = await target.db.insert(messages).values({ email: "a@example.com", message: "x" }).returning();
  expect(b.id).toBe(a.id);
  // and drizzle's record of migrations is the same (the server's migrate() finds nothing to do)
  const migrations = async (db: Database) => (await db.db.execute(sql`select hash, created_at::text from drizzle.__drizzle_migrations order by created_at`) as unknown as { rows: unknown[] }).rows;
  expect(await migrations(target)).toEqual(await migrations(source));
  return { archive, config, targetUploads };
}

describe("backup and restore", () => {
  it("PGlite -> PGlite: every row of every table, every sequence and every upload equal", async () => {
    await roundTrip(track(await pgliteDatabase()), track(await pgliteDatabase(false)));
  });

  it("refuses a target that holds data unless --force, then replaces it in full", async () => {
    const source = track(await pgliteDatabase());
    const srcDir = dir();
    const config = await fillSource(source, srcDir, 2);
    const archive = path.join(dir(), "a.tar.gz");
    await createBackup(source, config.uploadsDir, archive);

    const target = track(await pgliteDatabase());
    const targetDir = dir();
    await fillSource(target, targetDir, 7);
    fs.writeFileSync(path.join(targetDir, "uploads", "only-in-target.txt"), "x");
    const before = await allRows(target);
    const beforeFiles = allFiles(path.join(targetDir, "uploads"));
    const refused = restoreBackup({ file: archive, database: target, uploadsDir: path.join(targetDir, "uploads") });
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(/The target is not empty .*--force/);
    expect(await allRows(target)).toEqual(before);
    expect(allFiles(path.join(targetDir, "uploads"))).toEqual(beforeFiles);
    expect(fs.readdirSync(targetDir).filter((f) => f.startsWith(".restore"))).toEqual([]);

    await restoreBackup({ file: archive, database: target, uploadsDir: path.join(targetDir, "uploads"), force: true });
    expect(await allRows(target)).toEqual(await allRows(source));
    expect(allFiles(path.join(targetDir, "uploads"))).toEqual(allFiles(config.uploadsDir));
  });

  it("refuses a damaged or foreign file with one clear line, leaving the target as it was", async () => {
    const source = track(await pgliteDatabase());
    const config = await fillSource(source, dir(), 2);
    const archive = path.join(dir(), "good.tar.gz");
    await createBackup(source, config.uploadsDir, archive);
    const bytes = fs.readFileSync(archive);
    const work = dir();
    const variant = (name: string, data: Buffer | string) => {
      const f = path.join(work, name);
      fs.writeFileSync(f, data);
      return f;
    };
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    const { create } = await import("tar");
    const foreignDir = dir();
    fs.writeFileSync(path.join(foreignDir, "notes.txt"), "hello");
    const foreign = path.join(work, "foreign.tar.gz");
    await create({ gzip: true, file: foreign, cwd: foreignDir }, ["notes.txt"]);
    const cases: [string, string, RegExp][] = [
      ["truncated", variant("truncated.tar.gz", bytes.subarray(0, Math.floor(bytes.length * 0.7))), /is damaged \(.*\); it cannot be restored/],
      ["flipped byte", variant("flipped.tar.gz", flipped), /is damaged/],
      ["text file", variant("notes.txt", "not an archive\n"), /notes\.txt is not a band-site backup \(not a \.tar\.gz archive\)/],
      ["empty file", variant("empty.tar.gz", ""), /is not a band-site backup/],
      ["foreign .tar.gz", foreign, /foreign\.tar\.gz is not a band-site backup \(it does not start with manifest\.json\)/],
    ];
    const target = track(await pgliteDatabase(false));
    const targetDir = dir();
    for (const [what, file, message] of cases) {
      const err = await restoreBackup({ file, database: target, uploadsDir: path.join(targetDir, "uploads") }).catch((e: unknown) => e);
      expect(err, what).toBeInstanceOf(BackupError);
      expect((err as Error).message, what).toMatch(message);
      expect((err as Error).message, what).not.toContain("\n");
      // nothing touched: no tables, no uploads, no leftovers
      expect(((await target.db.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`)) as unknown as { rows: unknown[] }).rows[0], what).toEqual({ n: 0 });
      expect(fs.readdirSync(targetDir), what).toEqual([]);
    }
    // the good one still restores
    await restoreBackup({ file: archive, database: target, uploadsDir: path.join(targetDir, "uploads") });
    expect(await allRows(target)).toEqual(await allRows(source));
  });

  it("reads the archive's manifest: format, migrations, row counts, checksums", async () => {
    const source = track(await pgliteDatabase());
    const config = await fillSource(source, dir(), 4);
    const archive = path.join(dir(), "m.tar.gz");
    await createBackup(source, config.uploadsDir, archive);
    const m = await readArchive(archive);
    expect(m.format).toBe("band-site-backup");
    expect(m.formatVersion).toBe(1);
    expect(m.source.db).toBe("pglite");
    expect(m.migrations.latest?.tag).toMatch(/^\d{4}_/);
    expect(m.tables.find((t) => t.name === "subscribers")?.rows).toBe(4);
    expect(m.files.every((f) => /^[0-9a-f]{64}$/.test(f.sha256))).toBe(true);
  });

  it("refuses a backup from a newer version of the site", async () => {
    const source = track(await pgliteDatabase());
    const config = await fillSource(source, dir(), 1);
    await source.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', 99999999999999)`);
    const archive = path.join(dir(), "new.tar.gz");
    await createBackup(source, config.uploadsDir, archive);
    const target = track(await pgliteDatabase(false));
    await expect(restoreBackup({ file: archive, database: target, uploadsDir: path.join(dir(), "uploads") })).rejects.toThrow(/newer version of the site/);
  });

  describe.skipIf(!PG_URL)("on PostgreSQL", () => {
    it("PostgreSQL -> PostgreSQL", async () => {
      const source = track(await postgresDatabase());
      await source.migrate(path.resolve("drizzle"));
      await roundTrip(source, track(await postgresDatabase()));
    });

    it("PGlite -> PostgreSQL (moving a site to PostgreSQL)", async () => {
      await roundTrip(track(await pgliteDatabase()), track(await postgresDatabase()));
    });
  });
});
