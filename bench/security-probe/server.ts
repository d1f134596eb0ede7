/** The server under probe: its production build, one child process per probe, its log file, its database. */
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CLIENT_DIR = "/tmp/probe-dist";
export const SERVER_DIR = path.join(ROOT, ".test-data", "probe-server");
/** Strong, no 'admin' in it: the first-admin rule accepts it. Never printed by the server (checked). */
export const ADMIN = { username: "admin", password: "floodplain-porch-light-2026" };

/** conventions.md "Running by hand": client into a private folder, server bundle inside the tree (its packages resolve from node_modules). */
export function build(): string {
  const started = Date.now();
  const script = `import('./scripts/build.mjs').then((m) => m.buildAll({ quiet: true, clientOut: ${JSON.stringify(CLIENT_DIR)}, serverOut: ${JSON.stringify(SERVER_DIR)} }))`;
  execFileSync(process.execPath, ["-e", script], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CLIENT_DIST_DIR: CLIENT_DIR } });
  return `built the working tree into ${CLIENT_DIR} + ${path.relative(ROOT, SERVER_DIR)} in ${((Date.now() - started) / 1000).toFixed(0)} s`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface PostgresDb {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

/** A fresh database on the given server (trust auth), dropped by drop(). */
export async function createPostgresDb(serverUrl: string): Promise<PostgresDb> {
  const name = `security_probe_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "security-probe-data-"));
  const out = fs.openSync(opts.logFile, "w");
  const child = spawn(process.execPath, ["--enable-source-maps", path.join(SERVER_DIR, "main.js")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: CLIENT_DIR,
      LOG_LEVEL: "info",
      ADMIN_PASSWORD: ADMIN.password,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const stop = async () => {
    if (!gone) child.kill("SIGTERM");
    const timer = setTimeout(() => !gone && child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (gone) throw new Error(`the server exited during start; its log (${opts.logFile}):\n${fs.readFileSync(opts.logFile, "utf8").slice(-3000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz within 180 s; log: ${opts.logFile}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 300));
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
    if (!gone) throw new Error("PGlite is single-process: stop the server before reading its database");
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create({ dataDir: path.join(dataDir, "db") });
    try {
      return (await db.query<T>(sql)).rows;
    } finally {
      await db.close();
    }
  };

  return { port, pid: child.pid!, dataDir, logFile: opts.logFile, databaseUrl: opts.databaseUrl, stop, query };
}
