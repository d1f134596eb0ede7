// Builds the client (Vite) into dist/client and the server (esbuild) into dist/server.
// Tests pass other folders so a test build never disturbs the one `npm start` serves.
import { build as viteBuild } from "vite";
import { build as esbuild } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { precompress } from "./precompress.mjs";

export async function buildAll({ quiet = false, clientOut = process.env.CLIENT_DIST_DIR ?? "dist/client", serverOut = "dist/server" } = {}) {
  process.env.CLIENT_DIST_DIR = path.resolve(clientOut);
  // A build started from a test runner (NODE_ENV=test) must still ship React's production code.
  const previousEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  await viteBuild({ configFile: "vite.config.ts", mode: "production", logLevel: quiet ? "warn" : "info" });
  precompress(process.env.CLIENT_DIST_DIR);
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

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
