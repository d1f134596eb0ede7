/** The server under probe: its production build, one child process per probe, its log file, its database. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildInto, createPostgresDb as createSharedPostgresDb, freePort, spawnServer, stopProcess, tempDir, waitForHealthz, type PostgresDb } from "../../tests/support/server-process";

export type { PostgresDb };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CLIENT_DIR = "/tmp/probe-dist";
export const SERVER_DIR = path.join(ROOT, ".test-data", "probe-server");
/** Strong, no 'admin' in it: the first-admin rule accepts it. Never printed by the server (checked). */
export const ADMIN = { username: "admin", password: "floodplain-porch-light-2026" };

/** conventions.md "Running by hand": client into a private folder, server bundle inside the tree (its packages resolve from node_modules). */
export function build(): string {
  const started = Date.now();
  buildInto(ROOT, CLIENT_DIR, SERVER_DIR);
  return `built the working tree into ${CLIENT_DIR} + ${path.relative(ROOT, SERVER_DIR)} in ${((Date.now() - started) / 1000).toFixed(0)} s`;
}

/** A fresh database `security_probe_<random>` on the given server (trust auth), dropped by drop(). */
export function createPostgresDb(serverUrl: string): Promise<PostgresDb> {
  return createSharedPostgresDb(serverUrl, "security_probe");
}

export interface Server {
  port: number;
  pid: number;
  dataDir: string;
  logFile: string;
  databaseUrl?: string;
  stop: () => Promise<void>;
  /** runs SQL against the server's database: PostgreSQL while it runs, PGlite only once it stopped */
  query: <T = Record<string, unknown>>(sql: string) => Promise<T[]>;
}

/**
 * Starts `node --enable-source-maps .test-data/probe-server/main.js` as `npm start` runs dist:
 * production, LOG_LEVEL=info, default limits, TRUST_PROXY unset, demo content, its own DATA_DIR,
 * stdout+stderr into `logFile`. Listens on 127.0.0.1 only.
 */
export async function startServer(opts: { logFile: string; databaseUrl?: string }): Promise<Server> {
  const port = await freePort();
  const dataDir = tempDir("security-probe-data-");
  const proc = spawnServer({
    nodeArgs: ["--enable-source-maps", path.join(SERVER_DIR, "main.js")],
    cwd: ROOT,
    port,
    dataDir,
    env: {
      CLIENT_DIST_DIR: CLIENT_DIR,
      LOG_LEVEL: "info",
      ADMIN_PASSWORD: ADMIN.password,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
    logFile: opts.logFile,
  });
  const stop = async () => {
    await stopProcess(proc, { killAfterMs: 20_000 });
  };

  const health = await waitForHealthz(`http://127.0.0.1:${port}`, proc, { timeoutMs: 180_000, intervalMs: 300 });
  if (health === "exited") throw new Error(`the server exited during start; its log (${opts.logFile}):\n${fs.readFileSync(opts.logFile, "utf8").slice(-3000)}`);
  if (health === "timeout") {
    await stop();
    throw new Error(`the server did not answer /healthz within 180 s; log: ${opts.logFile}`);
  }

  const query = async <T,>(sql: string): Promise<T[]> => {
    if (opts.databaseUrl) {
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      await c.connect();
      try {
        return (await c.query(sql)).rows as T[];
      } finally {
        await c.end();
      }
    }
    if (!proc.hasExited()) throw new Error("PGlite is single-process: stop the server before reading its database");
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create({ dataDir: path.join(dataDir, "db") });
    try {
      return (await db.query<T>(sql)).rows;
    } finally {
      await db.close();
    }
  };

  return { port, pid: proc.pid, dataDir, logFile: opts.logFile, databaseUrl: opts.databaseUrl, stop, query };
}
