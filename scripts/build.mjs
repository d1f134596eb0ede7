// Builds the client (Vite) into dist/client and the server (esbuild) into dist/server.
import { build as viteBuild } from "vite";
import { build as esbuild } from "esbuild";
import fs from "node:fs";

export async function buildAll({ quiet = false } = {}) {
  await viteBuild({ configFile: "vite.config.ts", logLevel: quiet ? "warn" : "info" });
  await esbuild({
    entryPoints: ["src/server/main.ts"],
    outfile: "dist/server/main.js",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    tsconfig: "tsconfig.json",
    logLevel: quiet ? "warning" : "info",
  });
  fs.writeFileSync("dist/.build-stamp", String(Date.now()));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
