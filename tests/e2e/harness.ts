import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { beforeEach, inject, onTestFailed } from "vitest";
import { freePort, spawnServer, stopProcess, tempDir, waitForHealthz } from "../support/server-process";
import { ROOT, type E2ERun } from "./paths";

// meets the password policy (not common, no username inside): the server refuses a weak ADMIN_PASSWORD at start
export const E2E_ADMIN = { username: "admin", password: "e2e-stage-door-key" };
/** The full browser (Debian's `chromium`), or whatever Chromium CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Debian's old headless shell (`chromium-headless-shell`): the same Blink and V8 without the
 * full browser behind its headless mode. Most browser tests run in it when it is installed
 * (and CHROMIUM_PATH names no browser of its own): on the same files it took 10-25% less CPU
 * (27 Nov 2026: public-site 68 vs 82 s of machine CPU, admin-a11y 89 vs 99 s), and CPU is what
 * a test run on 2 cores waits for (decision 045).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const lighterBrowser = !process.env.CHROMIUM_PATH && fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH;

export { freePort };

export interface RunningServer {
  url: string;
  port: number;
  /** the server process's id (to read its memory maps, say) */
  pid: number;
  dataDir: string;
  /** everything the process printed, for assertions and debugging */
  output: () => string;
  /** SIGTERM and wait for exit (graceful shutdown) */
  stop: () => Promise<number | null>;
  /** SIGKILL and wait for exit (crash) */
  kill: () => Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** reuse a data dir (restart after a crash, or one a test filled first); a fresh copy of a template otherwise (freshDataDir) */
  dataDir?: string;
  /** seed demo content (default true, as `npm start` does) */
  seed?: boolean;
  /** how long to wait for /healthz (default 60 s) */
  healthTimeoutMs?: number;
}

/**
 * A DATA_DIR of its own for one test's server: a copy of the one the global setup made with this
 * run's bundle (database created and migrated, the admin in place, the demo content and its
 * image variants when `seed`), as the server leaves it after its first start on an empty folder.
 * A test that puts rows in the database before its server starts writes them into this copy.
 */
export function freshDataDir({ seed = true }: { seed?: boolean } = {}): string {
  const dir = tempDir("band-e2e-");
  fs.cpSync(inject("e2eRun").templates[seed ? "seeded" : "blank"], dir, { recursive: true });
  return dir;
}

/**
 * `--liftoff-only`: V8 compiles PGlite's PostgreSQL (WebAssembly) with its baseline compiler only.
 * By default it then recompiles the hot parts with its optimizing one on background threads, ~1 s
 * of CPU per start that a server living for one test file never earns back. A start on a data-dir
 * copy took 2.4 s of CPU and 1.5 s to /healthz, 1.4 s and 1.1 s with it; the browser files took
 * 207 s (225 s of CPU), 175 s (176 s) with it (27 Nov 2026). For these servers only: production
 * and the benches (which measure it) run for long enough to earn the optimized code back.
 */
const BROWSER_TEST_SERVER_FLAGS = ["--liftoff-only"];

/** Runs the production server bundle the global setup built, on a free port with its own data. */
export function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  return startServerOf(inject("e2eRun"), { ...opts, dataDir: opts.dataDir ?? freshDataDir({ seed: opts.seed !== false }) });
}

/** startServer for the global setup, which names the run's build itself (inject works in test files only). */
export async function startServerOf(run: Pick<E2ERun, "client" | "server">, opts: StartOptions & { dataDir: string }): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir;
  const url = `http://127.0.0.1:${port}`;
  const proc = spawnServer({
    nodeArgs: [...BROWSER_TEST_SERVER_FLAGS, "--enable-source-maps", path.join(run.server, "main.js")],
    cwd: ROOT,
    port,
    dataDir,
    env: {
      PUBLIC_URL: url,
      CLIENT_DIST_DIR: run.client,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: opts.seed === false ? "false" : "true",
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT: "1000",
      FORM_RATE_LIMIT: "1000",
      ...opts.env,
    },
  });

  const timeoutMs = opts.healthTimeoutMs ?? 60_000;
  const health = await waitForHealthz(url, proc, { timeoutMs, intervalMs: 200 });
  if (health === "exited") throw new Error(`server exited early (${proc.child.exitCode}):\n${proc.output()}`);
  if (health === "timeout") {
    proc.child.kill("SIGKILL");
    throw new Error(`server did not become healthy in ${timeoutMs / 1000} s:\n${proc.output()}`);
  }

  // a server that dies under a test shows up there only as a refused or closed connection
  // ('fetch failed: other side closed', CI 28 Nov 2026): say at once that it died, how, and its last lines
  let stopping = false;
  void proc.exited.then((code) => {
    if (stopping) return;
    console.error(`the test server at ${url} exited by itself (code ${code}, signal ${proc.child.signalCode}); its last lines:\n${proc.output().slice(-4000)}`);
  });
  return {
    url,
    port,
    pid: proc.pid,
    dataDir,
    output: proc.output,
    stop: () => {
      stopping = true;
      return stopProcess(proc);
    },
    kill: async () => {
      stopping = true;
      await stopProcess(proc, { signal: "SIGKILL" });
    },
  };
}

/**
 * A server-drawn public page works once React has hydrated it (decision 017: the code starts
 * after the page is painted); a click before that is a click on plain HTML. Its elements carry
 * React's fiber once hydrated.
 */
export function waitForApp(page: Page) {
  return page.waitForFunction(() => {
    const nav = document.querySelector("#root nav, #root main");
    return !!nav && Object.keys(nav).some((k) => k.startsWith("__reactFiber"));
  });
}

/**
 * A headless Chromium for one test file: the lighter headless shell when there is one, the full
 * browser for `measuresFrames` (layout shifts): under load the shell drew a 0.022 shift on
 * /shows after a slow link, every time, that the full browser, like a visitor's Chrome, never
 * draws (decision 045).
 */
export function launchBrowser({ measuresFrames = false }: { measuresFrames?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: measuresFrames ? CHROMIUM_PATH : lighterBrowser,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--autoplay-policy=no-user-gesture-required",
      ...(measuresFrames ? [] : ONE_RENDERER),
    ],
  });
}

/**
 * The test pages of one browser share one renderer process, where Chromium would start one per
 * context or tab: a new process (its V8, its Blink, its first compile of the app) is much of what
 * a test page costs. Same two files (hydration, no-javascript), alternating (28 Nov 2026): the
 * browser's CPU 63 and 59 s with it, 67 and 80 s without; a new context's first page 0.18-0.19 CPU-s
 * against 0.23-0.26. Not for `measuresFrames`: the layout-shift tests keep a visitor's process model.
 * A browser's pages then take turns on one main thread: a test that needs two pages running at
 * once must not rely on it.
 */
const ONE_RENDERER = ["--renderer-process-limit=1"];

/**
 * The page's requests from now on (call it before the page's first navigation): how many are
 * under way, how many to /api/ started since `reset`, and a wait for the network to be quiet.
 */
export function trackRequests(page: Page) {
  let inflight = 0;
  let api = 0;
  let changedAt = Date.now();
  page.on("request", (r) => {
    inflight++;
    changedAt = Date.now();
    if (new URL(r.url()).pathname.startsWith("/api/")) api++;
  });
  const ended = () => {
    inflight--;
    changedAt = Date.now();
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    inflight: () => inflight,
    api: () => api,
    reset: () => void (api = 0),
    /**
     * Playwright's "networkidle" with a shorter wait: resolves once no request has been under
     * way for `quietMs`. "networkidle" waits 500 ms after the last one, which on an admin page
     * (its data comes in one or two reads) was most of the time the page took.
     */
    async quiet(quietMs = 150) {
      while (inflight > 0 || Date.now() - changedAt < quietMs) await new Promise((r) => setTimeout(r, 25));
    },
  };
}
export type RequestTracker = ReturnType<typeof trackRequests>;

/** Signs in through the real login page and waits for the dashboard. */
export async function loginAsAdmin(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${baseUrl}/admin`);
}

/** The last /api/ calls a page made: method, path, status (or why it failed) and how long it took. */
const apiLogs = new WeakMap<Page, () => string[]>();

/** Keeps a page's last 15 /api/ calls for `explainFailures` (call it before the page's first navigation). */
export function logApiCalls(page: Page) {
  const log: string[] = [];
  const started = new Map<import("playwright-core").Request, number>();
  // the calls that ended, then what is still under way when the test fails
  apiLogs.set(page, () => [...log, ...[...started].map(([r, at]) => `${r.method()} ${new URL(r.url()).pathname} still waiting after ${Date.now() - at} ms`)]);
  const add = (line: string) => log.push(line) > 15 && log.shift();
  page.on("request", (r) => void (new URL(r.url()).pathname.startsWith("/api/") && started.set(r, Date.now())));
  const ended = (r: import("playwright-core").Request, outcome: string) => {
    const at = started.get(r);
    if (at === undefined) return;
    started.delete(r);
    add(`${r.method()} ${new URL(r.url()).pathname} ${outcome} in ${Date.now() - at} ms`);
  };
  page.on("requestfinished", (r) => void r.response().then((res) => ended(r, String(res?.status() ?? "?")), () => ended(r, "?")));
  page.on("requestfailed", (r) => ended(r, `failed (${r.failure()?.errorText ?? "?"})`));
}

/**
 * A failed browser test says in its own error message (the part of a CI log that is kept: the
 * summary at the end) what the page showed, its last API calls and the server's last lines, so a
 * failure seen once in CI names its cause. Call at the top of a test file.
 */
export function explainFailures(what: { page: () => Page | undefined; server: () => RunningServer | undefined }) {
  const explained = new WeakSet<object>();
  beforeEach(({ task }) => {
    // once per test: a retry runs this hook again for the same test
    if (explained.has(task)) return;
    explained.add(task);
    onTestFailed(async ({ task }) => {
      const error = task.result?.errors?.[0];
      const page = what.page();
      if (!error || !page) return;
      const shown = await page
        .evaluate(() => [...document.querySelectorAll("[role=alert], [role=status], [role=alertdialog], [role=dialog], [data-sonner-toast], h1")].map((e) => e.textContent?.trim()).filter(Boolean))
        .catch((err: Error) => [`(could not read the page: ${err.message})`]);
      const calls = apiLogs.get(page)?.() ?? ["(logApiCalls was not called for this page)"];
      error.message += `\n-- on ${page.url()} the page showed: ${JSON.stringify(shown)}\n-- its last API calls:\n${calls.join("\n")}\n-- the server's last lines:\n${what.server()?.output().slice(-1500) ?? ""}`;
    });
  });
}
