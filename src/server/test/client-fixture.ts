/**
 * Server tests serve pages from the client's own index.html template (the placeholders the
 * server fills are in it), in a temp folder of this worker, unless CLIENT_DIST_DIR names a
 * real build. Without it the page tests depended on some other test having built dist/client
 * first.
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
