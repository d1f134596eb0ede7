import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * PGlite's memory is WebAssembly memory: it only grows, and a process keeps what it touched.
 * Two things keep it bounded:
 * - Creating a database (initdb) touches ~500 MB that an open of an existing one never does
 *   (measured: 822 MB after creating, 308 MB after opening). So a new data dir is created by
 *   a short-lived child process, and the server only ever opens an existing one.
 * - PostgreSQL's shared buffers live in that memory too; a band site's data is a few MB, so a
 *   small pool costs no speed and caps how far RSS can climb under load.
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB", "work_mem=4MB", "maintenance_work_mem=16MB", "temp_buffers=4MB"];

const CREATE_SCRIPT = `
const { PGlite } = require(process.argv[1]);
PGlite.create({ dataDir: process.argv[2] }).then((db) => db.close());
`;

export async function createDataDirOutOfProcess(dataDir: string): Promise<void> {
  if (fs.existsSync(path.join(dataDir, "PG_VERSION"))) return;
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  await new Promise<void>((resolve, reject) => {
    // the same PGlite this process uses, wherever the server was started from
    const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    const child = spawn(process.execPath, ["-e", CREATE_SCRIPT, pglite, dataDir], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`creating the database in ${dataDir} failed (exit ${code}): ${stderr.slice(-2000)}`))));
  });
}
