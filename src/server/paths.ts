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
// CLIENT_DIST_DIR lets tests and parallel work build into their own folder.
export const clientDistDir = process.env.CLIENT_DIST_DIR ? path.resolve(process.env.CLIENT_DIST_DIR) : path.join(appRoot, "dist", "client");
/**
 * The server-render build (decision 017), next to the client build: dist/ssr beside dist/client,
 * X/ssr beside X/client, X-ssr beside any other folder X. scripts/build.mjs uses the same rule.
 */
export const ssrDistDir = process.env.SSR_DIST_DIR
  ? path.resolve(process.env.SSR_DIST_DIR)
  : path.basename(clientDistDir) === "client"
    ? path.join(path.dirname(clientDistDir), "ssr")
    : `${clientDistDir}-ssr`;
