import { sql } from "drizzle-orm";
import { openPglite, type Database } from "../db/client";
import { pgliteTemplateBlob } from "./global-setup";

/**
 * PGlite databases that test apps gave back, emptied for the next test app of this worker.
 *
 * Why: opening a PGlite database from the migrated template costs ~0.6-0.7 s of CPU
 * (WebAssembly instantiated, a 42 MB data dir unpacked into memory), and the server tests opened
 * ~150 a run on a 2-core machine; emptying one that is open costs ~60 ms (28 Nov 2026).
 * A worker runs its files one after the other in one module graph (vitest.config.ts,
 * isolate: false), so what one file's app gives back, the next file's app takes.
 *
 * Only what `TestApp.close()` gives back is reused, and only if it still answers and its schema
 * is the template's (a test that altered a table, or closed the database itself, gives back
 * nothing: that one is closed). Emptying puts it back to the template: every table in `public`
 * truncated, its sequences restarted, the session's state discarded (settings, advisory locks,
 * prepared plans). The migrations' own table (schema `drizzle`) is the template's already.
 */
const emptied: Database[] = [];

/** The schema's shape: tables, columns, defaults, constraints, indexes, functions, triggers. */
const SCHEMA_SHAPE = sql`
  select md5(coalesce(string_agg(item, ';' order by item), '')) as shape from (
    select 'c ' || c.relname || ' ' || c.relkind::text || ' ' || coalesce((
      select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ',' order by a.attnum)
      from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
    union all select 'k ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace not in (select oid from pg_namespace where nspname in ('pg_catalog', 'information_schema'))
    union all select 'f ' || p.proname || ' ' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')
    union all select 't ' || tgname from pg_trigger where not tgisinternal
  ) shape_items`;

const EMPTY_PUBLIC = sql.raw(`DO $$
DECLARE tables text; s record;
BEGIN
  SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') INTO tables FROM pg_tables WHERE schemaname = 'public';
  IF tables IS NOT NULL THEN EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE'; END IF;
  FOR s IN SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname = 'public' LOOP
    EXECUTE 'ALTER SEQUENCE ' || s.name || ' RESTART';
  END LOOP;
END $$`);

/** The template's shape, read once per worker. */
let templateShape: string | undefined;

async function shapeOf(database: Database): Promise<string> {
  const [row] = ((await database.db.execute(SCHEMA_SHAPE)) as unknown as { rows: { shape: string }[] }).rows;
  return row.shape;
}

/** One given-back database, emptied to the template's state; undefined when there is none. */
export async function emptiedPglite(): Promise<Database | undefined> {
  for (let database = emptied.pop(); database; database = emptied.pop()) {
    try {
      await database.db.execute(sql`DISCARD ALL`);
      await database.db.execute(EMPTY_PUBLIC);
      return database;
    } catch {
      await database.close().catch(() => {});
    }
  }
  return undefined;
}

/**
 * A test app's database when its app has closed: kept for the next test app when it is a PGlite
 * one that still answers with the template's schema, closed otherwise.
 */
export async function giveBack(database: Database): Promise<void> {
  // a TestApp closed twice gives it back once: two later apps must never share one database
  if (emptied.includes(database)) return;
  if (database.kind === "pglite" && (await keepable(database))) {
    // again after the await: a second close() may have passed the first check meanwhile
    if (!emptied.includes(database)) emptied.push(database);
    return;
  }
  await database.close().catch(() => {});
}

async function keepable(database: Database): Promise<boolean> {
  try {
    const shape = await shapeOf(database);
    templateShape ??= await shapeOfTemplate();
    return shape === templateShape;
  } catch {
    return false; // closed by its test, or broken: not worth keeping
  }
}

/** The template's own shape, from a database opened from it (once per worker). */
async function shapeOfTemplate(): Promise<string> {
  const fresh = await openPglite({ loadDataDir: pgliteTemplateBlob() });
  try {
    return await shapeOf(fresh);
  } finally {
    await fresh.close();
  }
}
