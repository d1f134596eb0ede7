/** The product under test: its production build, one server process per database, and its RSS. */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

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

function runBuild(root: string, clientDir: string, serverDir: string) {
  // In a child process: Vite's build leaves nothing behind in the process that measures.
  const script = `const { buildAll } = await import(${JSON.stringify(path.join(root, "scripts/build.mjs"))}); await buildAll({ quiet: true, clientOut: ${JSON.stringify(clientDir)}, serverOut: ${JSON.stringify(serverDir)} });`;
  execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CLIENT_DIST_DIR: clientDir } });
}

/** Builds client + server bundle unless a build newer than every source file exists. */
export function ensureBuild(opts: { ref?: string; force: boolean }): Build {
  let root = ROOT;
  let clientDir = path.join(os.tmpdir(), "crowd-dist");
  let serverDir = path.join(ROOT, ".test-data", "crowd", "server");
  let what = "the working tree";
  if (opts.ref) {
    const sha = execFileSync("git", ["rev-parse", "--verify", `${opts.ref}^{commit}`], { cwd: ROOT, encoding: "utf8" }).trim();
    root = path.join(os.tmpdir(), `crowd-src-${sha.slice(0, 12)}`);
    clientDir = path.join(os.tmpdir(), `crowd-dist-${sha.slice(0, 12)}`);
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
  runBuild(root, clientDir, serverDir);
  fs.writeFileSync(stamp, String(Date.now()));
  return { root, clientDir, serverMain, note: `built ${what} into ${clientDir} + ${serverDir} in ${((Date.now() - started) / 1000).toFixed(0)} s` };
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

export interface PostgresDb {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

/** A fresh database on the given server (trust auth), dropped by drop(). */
export async function createPostgresDb(serverUrl: string): Promise<PostgresDb> {
  const name = `crowd_bench_${crypto.randomBytes(4).toString("hex")}`;
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

export async function postgresVersion(serverUrl: string): Promise<string> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return (await c.query("SHOW server_version")).rows[0].server_version;
  } finally {
    await c.end();
  }
}

/** Starts dist main.js as `npm start` does, on a free port with its own DATA_DIR and demo content. */
export async function startProduct(build: Build, opts: { databaseUrl?: string }): Promise<Product> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crowd-data-"));
  const url = `http://127.0.0.1:${port}`;
  // long and random: passes the first-admin strength rule, and is never printed
  const admin = { username: "admin", password: `crowd ${crypto.randomBytes(24).toString("base64url")} bench` };
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", build.serverMain], {
    cwd: build.root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: build.clientDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not ready after 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, admin, output: () => output, stop };
}
