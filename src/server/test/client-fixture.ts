/**
 * Server tests serve pages from the client's own index.html template (the placeholders the
 * server fills are in it), in a temp folder of this worker, unless CLIENT_DIST_DIR names a
 * real build. Without it the page tests depended on some other test having built dist/client
 * first.
 *
 * The server-render build (SSR_DIST_DIR) is a folder of this worker inside the project (so the
 * build's imports resolve from node_modules), empty unless a test puts a build there
 * (server-render.test.ts). Named here, before any test file imports paths.ts: the server
 * project does not isolate its files (vitest.config.ts), so paths.ts is read once per worker.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

if (!process.env.CLIENT_DIST_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "band-client-fixture-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.copyFileSync(path.join(import.meta.dirname, "../../client/index.html"), path.join(dir, "index.html"));
  process.env.CLIENT_DIST_DIR = dir;
}
process.env.SSR_DIST_DIR ??= path.join(process.cwd(), ".test-data", `ssr-test-${process.pid}`, "ssr");
