import os from "node:os";
import { defineConfig } from "vitest/config";
import { alias } from "./vite.config.ts";

// CI retries a failed test once (decision 046): on a loaded 2-core machine a browser or timer
// test can miss its moment once; a test that fails twice fails the run, and one that passed only
// on its retry is named at the end of the run (tests/support/retried-reporter.ts)
const retry = process.env.CI ? 1 : 0;

// libuv's threadpool (file opens, reads, zlib) has 4 threads by default. Each worker keeps one
// module graph for many files (isolate: false), and a file's leftover work can hold threads: the
// interrupted-import test opens a pipe, which holds a thread until the other end opens, and with
// the others taken its answer never came (CI, 28 Nov 2026, twice: 'Test timed out in 30000ms').
// The workers are forked after this file is read, so they start with this in their environment.
process.env.UV_THREADPOOL_SIZE ??= "16";

export default defineConfig({
  test: {
    // vitest's default is one worker less than the processors: 1 on a 2-core machine, where the
    // three projects then ran one file at a time. Most files wait on something (a database, a
    // child process, a browser) part of the time, so more run side by side than there are cores:
    // on 2 cores the server and client files took 248 s with 2 workers, 230 s with 3 (27 Nov 2026).
    maxWorkers: Math.max(3, os.availableParallelism() + 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          // the PostgreSQL pass (TEST_DATABASE_URL, CI's second run) runs the files that can
          // reach a database; the shared code's and the lint rules' tests answer the same there
          include: process.env.TEST_DATABASE_URL ? ["src/server/**/*.test.ts"] : ["src/server/**/*.test.ts", "src/shared/**/*.test.ts", "tests/lint/**/*.test.ts"],
          globalSetup: ["src/server/test/global-setup.ts"],
          setupFiles: ["src/server/test/client-fixture.ts"],
          testTimeout: 30_000,
          retry,
          hookTimeout: 60_000,
          pool: "forks",
          // a larger young generation: fewer scavenges of the short-lived buffers PGlite's answers
          // make (server project, 2 pairs side by side, 28 Nov 2026: 224 s of CPU against 242 s,
          // wall 124 s against 130 s; the client project gained nothing, so it is not there)
          execArgv: ["--max-semi-space-size=32"],
          // one module graph per worker, not per file: every file imported the whole server
          // (Fastify, Drizzle, PGlite, sharp...) again, ~5 s each. Each file builds its own app on
          // its own database (createTestApp), so no state is shared through modules; what the
          // modules read from the environment is set in the setup file, before the first import.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "client",
          environment: "jsdom",
          include: ["src/client/**/*.test.{ts,tsx}"],
          setupFiles: ["src/client/test/setup.ts"],
          testTimeout: 20_000,
          retry,
          // one module graph and one jsdom per worker, not per file (each file paid ~1.5 s of
          // imports and jsdom); the setup file puts the page back after each test
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          setupFiles: ["tests/e2e/prepared.ts"],
          testTimeout: 90_000,
          retry,
          hookTimeout: 120_000,
          // a page on a busy 2-core CI machine can take more than expect.poll's default second to
          // show what a test waits for (the admin login card failed once that way)
          expect: { poll: { timeout: 5_000 } },
          // three files at a time (decisions 031, 045): each has its own server, data dir, port
          // and browser; much of a file's time is waiting (a server's answer, a font held back
          // 2 s), which the others fill: alone, 283 s with two, 241 s with three (27 Nov 2026)
          maxWorkers: 3,
          // one module graph per worker, not per file (Playwright, the harness, and for some files
          // the server's database code were imported again for each of the 23 files); each file
          // starts its own server and browser in its own hooks, so nothing is shared through modules
          isolate: false,
          // after the server and client files when one vitest run has all three, as `npm test`
          // runs them (a project with its own maxWorkers needs its own group);
          // `PARALLEL_E2E=1 npm test` runs it in a second vitest beside them instead
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
