import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { appRoot } from "../paths";

/**
 * The server-render build (scripts/build.mjs) where the server looks for it: this worker's
 * SSR_DIST_DIR, inside the project (client-fixture.ts names it). In its own process: Vite does
 * not run inside the test runner's Vite. Call before the app starts (it loads the build then);
 * `removeSsrBuild` afterwards.
 */
export function buildSsrForTests(): string {
  const dir = process.env.SSR_DIST_DIR as string;
  execFileSync(process.execPath, ["--input-type=module", "-e", `const { buildSsr } = await import("./scripts/build.mjs"); await buildSsr({ quiet: true, ssrOut: ${JSON.stringify(dir)} });`], {
    cwd: appRoot,
    stdio: "pipe",
  });
  return dir;
}

export function removeSsrBuild() {
  fs.rmSync(path.dirname(process.env.SSR_DIST_DIR as string), { recursive: true, force: true });
}
