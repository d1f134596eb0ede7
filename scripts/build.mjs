// Builds the client (Vite) into dist/client, the client's server-render entry (Vite SSR) into
// dist/ssr and the server (esbuild) into dist/server. Tests pass other folders so a test build
// never disturbs the one `npm start` serves.
import { build as viteBuild } from "vite";
import { build as esbuild } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { precompress } from "./precompress.mjs";

/** Where the server looks for the SSR build: next to the client build (the rule of ssrDirBeside in src/server/paths.ts). */
export function ssrDirFor(clientOut) {
  const client = path.resolve(clientOut);
  return path.basename(client) === "client" ? path.join(path.dirname(client), "ssr") : `${client}-ssr`;
}

export async function buildAll({ quiet = false, clientOut = process.env.CLIENT_DIST_DIR ?? "dist/client", serverOut = "dist/server" } = {}) {
  process.env.CLIENT_DIST_DIR = path.resolve(clientOut);
  // A build started from a test runner (NODE_ENV=test) must still ship React's production code.
  const previousEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  await viteBuild({ configFile: "vite.config.ts", mode: "production", logLevel: quiet ? "warn" : "info" });
  precompress(process.env.CLIENT_DIST_DIR);
  await buildSsr({ quiet, ssrOut: ssrDirFor(clientOut) });
  if (previousEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = previousEnv;
  await esbuild({
    // the server, and the image worker it forks (src/server/storage/image-worker-client.ts) beside it
    entryPoints: { main: "src/server/main.ts", "image-worker": "src/server/storage/image-worker.ts" },
    outdir: serverOut,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    tsconfig: "tsconfig.json",
    logLevel: quiet ? "warning" : "info",
  });
  // The stamp tells `npm start` the default build is current; a build into other folders must not set it.
  if (path.resolve(clientOut) === path.resolve("dist/client") && path.resolve(serverOut) === path.resolve("dist/server")) {
    fs.writeFileSync("dist/.build-stamp", String(Date.now()));
  }
}

/**
 * The server's render of the public pages (decision 017): src/client/entry-server.tsx as one ES
 * module the server imports by path at run time. Packages stay outside it (resolved from
 * node_modules like the server bundle's), so React is the one copy react-dom's server code uses;
 * only lucide-react (icons, no state) is bundled in.
 */
export async function buildSsr({ quiet = false, ssrOut }) {
  await viteBuild({
    configFile: "vite.config.ts",
    mode: "production",
    logLevel: quiet ? "warn" : "info",
    build: {
      ssr: path.resolve("src/client/entry-server.tsx"),
      outDir: path.resolve(ssrOut),
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: "entry-server.js" } },
    },
    // lucide-react's CommonJS build, loaded whole, makes every one of its ~1,600 icons in the
    // server's heap (about 3 MB with its source); bundled, only the icons the pages use remain
    ssr: { noExternal: ["lucide-react"] },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
