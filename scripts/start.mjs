// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const stamp = "dist/.build-stamp";
const sourcesChanged = () => {
  const built = fs.statSync(stamp).mtimeMs;
  return ["src", "public", "drizzle"].some((d) => fs.existsSync(d) && newestMtime(d) > built) || fs.statSync("package.json").mtimeMs > built;
};
// dist/ssr: the server's render of the public pages (decision 017); without it pages are sent unrendered
const built = ["dist/server/main.js", "dist/client/index.html", "dist/ssr/entry-server.js"].every((f) => fs.existsSync(f));
if (!fs.existsSync(stamp) || !built || sourcesChanged()) {
  console.log("Building the site (first run or sources changed)...");
  const { buildAll } = await import("./build.mjs");
  await buildAll({ quiet: true });
}

const child = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
