import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { freePort } from "./harness";
import { ROOT } from "./paths";

// What a newcomer does: `npm start` with no configuration at all. It must build if needed,
// migrate, seed, print the one-time admin password, and serve the site.
test("npm start on an empty data dir serves the seeded site and prints a working admin password", async () => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-start-"));
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: String(port), DATA_DIR: dataDir };
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  try {
    const url = `http://127.0.0.1:${port}`;
    // a fresh clone has no build: npm start makes one first (the browser tests build into their
    // own folder). On a loaded 2-core machine that passed 100 s once (27 Nov), so 240 s
    const deadline = Date.now() + 240_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const password = /password: (\S+)/.exec(output)?.[1];
    expect(password, output).toBeTruthy();
    const login = await fetch(`${url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password }) });
    expect(login.status).toBe(200);

    const home = await (await fetch(url)).text();
    expect(home).toContain('<div id="root">');
    const shows = await (await fetch(`${url}/api/shows`)).json();
    expect(shows.data.length).toBeGreaterThan(0); // demo content was seeded
  } finally {
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 300_000);
