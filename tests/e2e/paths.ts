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
}

/**
 * One run's folder inside the project (so the server bundle's imports resolve from node_modules),
 * named by the process that runs the global setup: two runs at once (two worktrees' CI, a run
 * beside another) do not build over each other's files.
 */
export function e2eRunDir(pid: number): string {
  return path.join(ROOT, ".test-data", `e2e-${pid}`);
}
