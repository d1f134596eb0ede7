import fs from "node:fs";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Client as PgClient } from "pg";
import { isConnectionLoss } from "./connection-loss";
import { createDataDirOutOfProcess, PGLITE_SETTINGS } from "./pglite-memory";
import * as schema from "./schema";

export type Schema = typeof schema;
/** One type for both drivers: PGlite and node-postgres share the pg dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** raw SQL for health checks and tests */
  ping(): Promise<void>;
  /** Applies the migrations in `folder` with the driver's own migrator (see migrate.ts). */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: the whole data dir as an uncompressed tarball (tests copy a migrated template;
   * opening a gzipped one cost ~0.4 s more CPU, each time, to inflate its 42 MB).
   */
  dump?(): Promise<Blob>;
  /**
   * PostgreSQL only: a new connection of its own, outside the pool (the start-up advisory lock,
   * LISTEN for the peers' cache notices). The caller ends it.
   */
  connect?(): Promise<PgClient>;
}

/** node-postgres pools by the drizzle handle over them (see executeNamed) */
const pools = new WeakMap<Db, import("pg").Pool>();
const dialect = new PgDialect();

/**
 * Runs a statement that a hot loop runs over and over (the newsletter queue's claim) as a named
 * prepared statement on PostgreSQL: each pooled connection parses and plans it once instead of on
 * every run. PGlite, in-process, runs it as any other statement.
 */
export async function executeNamed(db: Db, name: string, statement: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  const pool = pools.get(db);
  if (!pool) return (await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return pool.query({ name, text, values: params });
}

export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (opts.dataDir) fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  // a data dir on disk is created by a child process, so this one never pays initdb's memory
  if (opts.dataDir && !opts.loadDataDir) await createDataDirOutOfProcess(opts.dataDir);
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, postgresqlconf: PGLITE_SETTINGS });
  const driver = drizzle(client, { schema });
  const db = driver as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => void (await client.query("select 1")),
    migrate: async (migrationsFolder) => {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(driver, { migrationsFolder });
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
  };
}

/** How long a request waits for a connection before it is told the database is unavailable. */
const CONNECT_TIMEOUT_MS = 5_000;

export async function openPostgres(url: string): Promise<Database> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.default.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  // pg-pool listens for a client's 'error' only while it is idle; a connection lost while a
  // request holds it (between two statements of a transaction) would otherwise be an unhandled
  // 'error' event that ends the process. The loss surfaces on that client's next query instead.
  pool.on("connect", (client) => client.on("error", () => {}));
  pool.on("error", () => {}); // idle client errors surface on the next query
  const driver = drizzle(pool, { schema });
  withSafeTransactions(driver, pool, (client) => drizzle(client, { schema }));
  const db = driver as unknown as Db;
  pools.set(db, pool);
  return {
    db,
    kind: "postgres",
    ping: async () => void (await pool.query("select 1")),
    migrate: async (migrationsFolder) => {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      await migrate(driver, { migrationsFolder });
    },
    close: () => pool.end(),
    connect: async () => {
      const client = new pg.default.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      client.on("error", () => {}); // surfaces on the next query; LISTEN users watch 'end'
      await client.connect();
      return client;
    },
  };
}

/**
 * drizzle's node-postgres `transaction` checks a client out of the pool and runs BEGIN before its
 * try block: a BEGIN that fails (the connection was cut) never gives the client back, and a
 * client whose connection broke mid-transaction goes back to the pool as if it were fine. Here a
 * transaction runs on a client checked out by us, which always goes back, and is destroyed
 * (release with the error) when the error says the connection was lost.
 */
function withSafeTransactions(
  driver: { transaction: (...args: never[]) => Promise<unknown> },
  pool: import("pg").Pool,
  onClient: (client: import("pg").PoolClient) => { transaction: (...args: never[]) => Promise<unknown> },
) {
  const transaction = async (...args: never[]) => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      return await onClient(client).transaction(...args);
    } catch (err) {
      if (isConnectionLoss(err)) lost = err as Error;
      throw err;
    } finally {
      client.release(lost);
    }
  };
  driver.transaction = transaction as typeof driver.transaction;
}

export function openDatabase(cfg: { DATABASE_URL?: string; dataDir: string }): Promise<Database> {
  return cfg.DATABASE_URL ? openPostgres(cfg.DATABASE_URL) : openPglite({ dataDir: path.join(cfg.dataDir, "db") });
}
