import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root (the folder with package.json), from src/ or dist/ alike. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

export const appRoot = findRoot();
export const migrationsDir = path.join(appRoot, "drizzle");
/**
 * Where the server-render build goes beside a client build (decision 017): X/ssr beside
 * X/client, X-ssr beside any other folder X. scripts/build.mjs uses the same rule; the folders
 * themselves are settings (CLIENT_DIST_DIR, SSR_DIST_DIR in config.ts).
 */
export function ssrDirBeside(clientDistDir: string): string {
  return path.basename(clientDistDir) === "client" ? path.join(path.dirname(clientDistDir), "ssr") : `${clientDistDir}-ssr`;
}
