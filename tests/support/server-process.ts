/**
 * Running the real server as a child process, the way `npm start` does: a free port, its own
 * DATA_DIR, a private build, a wait for /healthz, a fresh PostgreSQL database, a clean stop.
 *
 * Why this exists: the browser tests (tests/e2e/harness.ts), the multi-instance test
 * (src/server/multi-instance.test.ts) and the benches (bench/crowd, bench/security-probe) each
 * had their own copy of these steps. They share them from here; what is particular to one of
 * them (its env, its log handling, its timeouts, its error messages) stays with it.
 * Not a test file (vitest only collects `*.test.ts`), so any of them can import it.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** A TCP port on 127.0.0.1 that was free a moment ago. */
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

/** A fresh empty folder under the OS temp dir, e.g. for DATA_DIR. */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Builds client + server bundle (scripts/build.mjs of `root`) in a child process, so Vite leaves
 * nothing behind in the process that called it. The server bundle should sit inside `root` so
 * its external packages resolve from node_modules.
 */
export function buildInto(root: string, clientDir: string, serverDir: string): void {
  const [file, args, options] = buildCommand(root, clientDir, serverDir);
  execFileSync(file, args, { ...options, stdio: ["ignore", "ignore", "inherit"] });
}

/** buildInto without blocking: the caller's event loop goes on (a test runner serving its workers). */
export function buildIntoInBackground(root: string, clientDir: string, serverDir: string): Promise<void> {
  const [file, args, options] = buildCommand(root, clientDir, serverDir);
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr?.on("data", (d) => (errors += d));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the build exited with ${code}:\n${errors}`))));
  });
}

function buildCommand(root: string, clientDir: string, serverDir: string) {
  const script = `const { buildAll } = await import(${JSON.stringify(path.join(root, "scripts/build.mjs"))}); await buildAll({ quiet: true, clientOut: ${JSON.stringify(clientDir)}, serverOut: ${JSON.stringify(serverDir)} });`;
  return [process.execPath, ["--input-type=module", "-e", script], { cwd: root, env: { ...process.env, CLIENT_DIST_DIR: clientDir } }] as const;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** everything it printed (empty when its output went to a log file) */
  output: () => string;
  /** resolves with the exit code once the process is gone */
  exited: Promise<number | null>;
  hasExited: () => boolean;
}

export interface SpawnOptions {
  /** node's arguments: `["--enable-source-maps", ".../main.js"]` or `["--import", "tsx", "src/server/main.ts"]` */
  nodeArgs: string[];
  cwd: string;
  port: number;
  dataDir: string;
  /** added to (and overriding) the base: PATH, HOME, NODE_ENV=production, HOST=127.0.0.1, PORT, DATA_DIR */
  env: Record<string, string>;
  /** stdout + stderr into this file instead of into output() */
  logFile?: string;
}

/** Spawns `node <nodeArgs>` with a minimal production environment, listening on 127.0.0.1 only. */
export function spawnServer(opts: SpawnOptions): ServerProcess {
  const logFd = opts.logFile === undefined ? undefined : fs.openSync(opts.logFile, "w");
  const child = spawn(process.execPath, opts.nodeArgs, {
    cwd: opts.cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      ...opts.env,
    },
    stdio: logFd === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", logFd, logFd],
  });
  if (logFd !== undefined) fs.closeSync(logFd);
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  let gone = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      gone = true;
      resolve(code);
    }),
  );
  return { child, pid: child.pid!, output: () => output, exited, hasExited: () => gone };
}

/**
 * A client folder holding only the page template: a server started on it draws no page, but its
 * pages still carry their inlined data (enough for the tests and benches that start the server
 * from its sources). The caller removes it.
 */
export function templateOnlyClientDir(prefix: string): string {
  const dir = tempDir(prefix);
  fs.writeFileSync(path.join(dir, "index.html"), '<!doctype html><html><head><title>Band</title><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>');
  return dir;
}

/**
 * `node --import tsx src/server/main.ts` from the sources in `root`, on a free port, `PUBLIC_URL`
 * its own address; with its own new DATA_DIR (removed when it exits) unless `dataDir` is given
 * (a restart on the same one). Several of them on one PostgreSQL are the supported deployment.
 */
export async function launchFromSource(root: string, opts: { name: string; env: Record<string, string>; dataDir?: string }): Promise<ServerProcess & { url: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? tempDir(`band-${opts.name}-`);
  const url = `http://127.0.0.1:${port}`;
  const proc = spawnServer({ nodeArgs: ["--import", "tsx", path.join("src", "server", "main.ts")], cwd: root, port, dataDir, env: { PUBLIC_URL: url, ...opts.env } });
  if (!opts.dataDir) void proc.exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { ...proc, url, dataDir };
}

/**
 * Polls GET `${url}/healthz` every `intervalMs` until it answers 200. "exited" if the process
 * ended first, "timeout" after `timeoutMs`; the caller says what that means and cleans up.
 */
export async function waitForHealthz(url: string, proc: Pick<ServerProcess, "hasExited">, opts: { timeoutMs: number; intervalMs: number }): Promise<"healthy" | "exited" | "timeout"> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    if (proc.hasExited()) return "exited";
    // Connection: close, so the socket of a poll is never handed to the caller's next request:
    // CI once met 'other side closed' on a POST sent over the socket of the last poll (28 Nov 2026)
    const ok = await fetch(`${url}/healthz`, { headers: { connection: "close" } }).then(
      async (r) => (await r.arrayBuffer(), r.ok),
      () => false,
    );
    if (ok) return "healthy";
    if (Date.now() > deadline) return "timeout";
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
}

/** Sends `signal` unless it is gone already, SIGKILL after `killAfterMs` if given; waits for the exit. */
export async function stopProcess(proc: ServerProcess, opts: { signal?: NodeJS.Signals; killAfterMs?: number } = {}): Promise<number | null> {
  if (!proc.hasExited()) proc.child.kill(opts.signal ?? "SIGTERM");
  const timer = opts.killAfterMs === undefined ? undefined : setTimeout(() => !proc.hasExited() && proc.child.kill("SIGKILL"), opts.killAfterMs);
  const code = await proc.exited;
  clearTimeout(timer);
  return code;
}

export interface PostgresDb {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

/** A fresh database `<prefix>_<random>` on the given server (trust auth), dropped by drop(). */
export async function createPostgresDb(serverUrl: string, prefix: string): Promise<PostgresDb> {
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
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
