/** The product under test: its production build, one server process per database, and its RSS. */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildInto, createPostgresDb as createSharedPostgresDb, freePort, spawnServer, stopProcess, tempDir, waitForHealthz, type PostgresDb } from "../../tests/support/server-process";

export type { PostgresDb };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/**
 * What gets built: the working tree as it is (default; other people's uncommitted edits included),
 * or one commit exported with `git archive` into a temp folder (--ref), so a figure belongs to
 * exactly that commit. The client goes where conventions.md says a private build goes; the server
 * bundle sits inside the source tree so its external packages resolve from node_modules.
 */
export interface Build {
  root: string; // cwd of the server: migrations come from root/drizzle
  clientDir: string;
  serverMain: string;
  note: string;
}

const SOURCES = ["src", "public", "drizzle", "scripts", "package.json", "index.html", "vite.config.ts"];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds client + server bundle unless a build newer than every source file exists. */
export function ensureBuild(opts: { ref?: string; force: boolean }): Build {
  let root = ROOT;
  // inside the project: the server-render bundle beside the client build (decision 017) imports
  // react from node_modules, which only resolves from there
  let clientDir = path.join(ROOT, ".test-data", "crowd", "client");
  let serverDir = path.join(ROOT, ".test-data", "crowd", "server");
  let what = "the working tree";
  if (opts.ref) {
    const sha = execFileSync("git", ["rev-parse", "--verify", `${opts.ref}^{commit}`], { cwd: ROOT, encoding: "utf8" }).trim();
    root = path.join(os.tmpdir(), `crowd-src-${sha.slice(0, 12)}`);
    clientDir = path.join(root, ".crowd-client");
    serverDir = path.join(root, ".crowd-server");
    what = `commit ${sha.slice(0, 12)} (git archive into ${root})`;
    if (!fs.existsSync(path.join(root, "package.json"))) {
      fs.mkdirSync(root, { recursive: true });
      execFileSync("sh", ["-c", `git archive ${sha} | tar -x -C "${root}"`], { cwd: ROOT });
      fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(root, "node_modules"));
    }
  }
  const stamp = path.join(serverDir, "..", `${path.basename(serverDir)}.build-stamp`);
  const serverMain = path.join(serverDir, "main.js");
  const fresh = !opts.force && fs.existsSync(stamp) && fs.existsSync(serverMain) && fs.existsSync(path.join(clientDir, "index.html")) &&
    fs.statSync(stamp).mtimeMs > Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (fresh) return { root, clientDir, serverMain, note: `reused the build of ${what}: ${clientDir} + ${serverDir} (newer than every source file)` };
  const started = Date.now();
  buildInto(root, clientDir, serverDir);
  fs.writeFileSync(stamp, String(Date.now()));
  return { root, clientDir, serverMain, note: `built ${what} into ${clientDir} + ${serverDir} in ${((Date.now() - started) / 1000).toFixed(0)} s` };
}

/** VmRSS of a process in bytes (Linux /proc), or 0 once it is gone. */
export function readRss(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples RSS every `everyMs` until stopped; the peak and every sample. */
export function rssSampler(pid: number, everyMs = 200) {
  const samples: number[] = [readRss(pid)];
  const timer = setInterval(() => samples.push(readRss(pid)), everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      samples.push(readRss(pid));
      return { peak: Math.max(...samples), samples: samples.length };
    },
  };
}

/** RSS over a quiet window: the largest of the samples (the conservative reading). */
export async function quietRss(pid: number, settleMs: number, windowMs: number): Promise<number> {
  await new Promise((r) => setTimeout(r, settleMs));
  const sampler = rssSampler(pid);
  await new Promise((r) => setTimeout(r, windowMs));
  return sampler.stop().peak;
}

export interface Product {
  url: string;
  pid: number;
  admin: { username: string; password: string };
  /** what the server printed (LOG_LEVEL=warn: only warnings and errors) */
  output: () => string;
  stop: () => Promise<void>;
}

/** A fresh database `crowd_bench_<random>` on the given server (trust auth), dropped by drop(). */
export function createPostgresDb(serverUrl: string): Promise<PostgresDb> {
  return createSharedPostgresDb(serverUrl, "crowd_bench");
}

export async function postgresVersion(serverUrl: string): Promise<string> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return (await c.query("SHOW server_version")).rows[0].server_version;
  } finally {
    await c.end();
  }
}

export interface StartOptions {
  databaseUrl?: string;
  fastLane?: "on" | "off";
  /** a DATA_DIR of the caller's, kept on stop (a restart on the same database); default a temp one, removed on stop */
  dataDir?: string;
  /** the admin to log in as; give the same one on a restart (the first start creates it) */
  admin?: { username: string; password: string };
  /** more environment (TRUST_PROXY, LOG_LEVEL, ...), over the defaults */
  env?: Record<string, string>;
  /** how long /healthz may take to answer (90 s) */
  readyTimeoutMs?: number;
}

/** Starts dist main.js as `npm start` does, on a free port with its own DATA_DIR and demo content. */
export async function startProduct(build: Build, opts: StartOptions): Promise<Product> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? tempDir("crowd-data-");
  const url = `http://127.0.0.1:${port}`;
  // long and random: passes the first-admin strength rule, and is never printed
  const admin = opts.admin ?? newAdmin();
  const proc = spawnServer({
    nodeArgs: ["--enable-source-maps", build.serverMain],
    cwd: build.root,
    port,
    dataDir,
    env: {
      PUBLIC_URL: url,
      CLIENT_DIST_DIR: build.clientDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...(opts.fastLane ? { FAST_LANE: opts.fastLane } : {}),
      ...opts.env,
    },
  });
  const stop = async () => {
    await stopProcess(proc);
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const readyTimeoutMs = opts.readyTimeoutMs ?? 90_000;
  const health = await waitForHealthz(url, proc, { timeoutMs: readyTimeoutMs, intervalMs: 100 });
  if (health === "exited") throw new Error(`server exited early (${proc.child.exitCode}):\n${proc.output()}`);
  if (health === "timeout") {
    await stop();
    throw new Error(`server not ready after ${readyTimeoutMs / 1000} s:\n${proc.output()}`);
  }
  return { url, pid: proc.pid, admin, output: proc.output, stop };
}

/** A first admin with a long random password (passes the strength rule; never printed). */
export function newAdmin(): { username: string; password: string } {
  return { username: "admin", password: `crowd ${crypto.randomBytes(24).toString("base64url")} bench` };
}

/** POST /api/admin/login: the admin's bearer token. */
export async function adminToken(base: string, admin: { username: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`admin login failed: ${res.status}`);
  return body.token;
}
