// What the page benches (public-page, lighthouse) share: a production build of the app in the
// bench's work folder, served on a free port with the demo content, and a median.
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The production build (scripts/build.mjs) into `work`/client and `work`/server. */
export async function buildInto(work) {
  process.chdir(ROOT);
  const { buildAll } = await import(path.join(ROOT, "scripts/build.mjs"));
  await buildAll({ quiet: true, clientOut: path.join(work, "client"), serverOut: path.join(work, "server") });
}

/** Starts the built server (data in `work`/data, demo content seeded) and waits for /healthz. */
export async function serveBuilt(work, admin) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(work, "server", "main.js")], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), PUBLIC_URL: url, DATA_DIR: path.join(work, "data"), CLIENT_DIST_DIR: path.join(work, "client"), ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, SEED_DEMO: "true", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
