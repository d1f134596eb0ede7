import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Where one run's production build and data-dir templates are (see global-setup.ts). */
export interface E2ERun {
  /** the client build (CLIENT_DIST_DIR) */
  client: string;
  /** the server bundle (main.js) */
  server: string;
  /** DATA_DIRs a server of this bundle started on once and left: with the demo content, and without */
  templates: { seeded: string; blank: string };
  /** written once the build and the templates are ready (global-setup.ts makes them in the background) */
  ready: string;
  /** written instead, with what went wrong, if they could not be made */
  failed: string;
}

/**
 * Waits until the global setup's build and templates are ready (at once when they are: by the
 * time the browser files start after the others, they have long been), or throws what stopped them.
 */
export async function preparedRun(run: E2ERun, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (fs.existsSync(run.ready)) return;
    if (fs.existsSync(run.failed)) throw new Error(`the browser tests' build or data-dir templates could not be made:\n${fs.readFileSync(run.failed, "utf8")}`);
    if (Date.now() > deadline) throw new Error(`the browser tests' build and templates were not ready after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * One run's folder inside the project (so the server bundle's imports resolve from node_modules),
 * named by the process that runs the global setup: two runs at once (two worktrees' CI, a run
 * beside another) do not build over each other's files.
 */
export function e2eRunDir(pid: number): string {
  return path.join(ROOT, ".test-data", `e2e-${pid}`);
}
