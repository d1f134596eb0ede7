import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIntoInBackground } from "../support/server-process";
import { startServerOf } from "./harness";
import { ROOT, e2eRunDir, type E2ERun } from "./paths";

declare module "vitest" {
  export interface ProvidedContext {
    e2eRun: E2ERun;
  }
}

/**
 * One production build for all browser tests, into this run's folder; then one start of it on
 * an empty data dir with the demo content and one without, stopped cleanly. Each test's server
 * starts on a copy of one of them (decision 031): a first start (create the database, migrate,
 * seed, make the demo images' WebP/AVIF variants) cost ~14 s of CPU, a start on a copy ~4 s.
 * What a first start does is still tested where it is the point (npm-start.test.ts).
 *
 * All of it is made in the background (decision 053): `npm test` runs the browser files after
 * the others, so the server and client files start at once instead of ~15 s later, and the build
 * fills the moments their workers wait. Each browser file waits for `run.ready` before its first
 * line (tests/e2e/prepared.ts): at once in `npm test`, for the build when the browser files run alone.
 */
export default function setup(project: TestProject) {
  const dir = e2eRunDir(process.pid);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const run: E2ERun = {
    client: path.join(dir, "client"),
    server: path.join(dir, "server"),
    templates: { seeded: path.join(dir, "data-seeded"), blank: path.join(dir, "data-blank") },
    ready: path.join(dir, "ready"),
    failed: path.join(dir, "failed"),
  };
  project.provide("e2eRun", run);
  const prepared = prepare(run).then(
    () => fs.writeFileSync(run.ready, ""),
    (err: Error) => fs.writeFileSync(run.failed, err.stack ?? String(err)),
  );
  return async () => {
    await prepared;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

async function prepare(run: E2ERun) {
  // in a child process: the runner's own event loop keeps serving its workers meanwhile
  await buildIntoInBackground(ROOT, run.client, run.server);
  for (const d of Object.values(run.templates)) fs.mkdirSync(d, { recursive: true });
  // a first start is ~14 s of CPU: on a 2-core machine busy with the other test projects (and
  // whatever else runs there) it took over 3 minutes; the two go side by side
  const healthTimeoutMs = 600_000;
  const starts = await Promise.allSettled([
    startServerOf(run, { dataDir: run.templates.seeded, healthTimeoutMs }),
    startServerOf(run, { dataDir: run.templates.blank, seed: false, healthTimeoutMs }),
  ]);
  const codes = await Promise.all(starts.map((s) => (s.status === "fulfilled" ? s.value.stop() : null)));
  for (const s of starts) if (s.status === "rejected") throw s.reason;
  if (codes.some((c) => c !== 0)) throw new Error(`a template server did not stop cleanly:\n${starts.map((s) => (s.status === "fulfilled" ? s.value.output() : "")).join("\n")}`);
}
