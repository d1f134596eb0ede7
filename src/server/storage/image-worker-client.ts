import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { HttpError } from "../lib/http-error";
import { UNREADABLE, type VariantTarget } from "./image-variants";
import type { ImageWorkerJob, ImageWorkerReply, PhotoVariants } from "./image-worker-protocol";

/**
 * Runs the photo work (reading its size, encoding its variants) in one child process
 * (image-worker.ts), started when a photo comes and let go after `IDLE_MS` without work, so the
 * server's own memory stays flat however many photos are resized (see image-worker.ts for why).
 * Jobs run one at a time, in order:
 * a band uploads a few photos a week, and the server has other requests to answer meanwhile.
 */
const IDLE_MS = 10_000;

/**
 * The worker's script and how node runs it. Built (dist/server/main.js), it is the bundle beside
 * the server's; from source (tests, `npm run dev`), the TypeScript file, through tsx.
 */
function workerScript(): { script: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith(".ts");
  const script = fileURLToPath(new URL(fromSource ? "./image-worker.ts" : "./image-worker.js", import.meta.url));
  return { script, execArgv: fromSource ? ["--import", "tsx"] : ["--enable-source-maps"] };
}

interface Pending {
  resolve(result: PhotoVariants): void;
  reject(err: Error): void;
}

let worker: ChildProcess | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): ChildProcess {
  const { script, execArgv } = workerScript();
  const child = fork(script, [], { execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"], serialization: "advanced" });
  child.on("message", (reply: ImageWorkerReply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if (reply.error) job.reject(new HttpError(reply.error.statusCode, reply.error.message));
    else job.resolve({ facts: reply.facts, variants: reply.variants });
  });
  child.on("exit", (code, signal) => {
    if (worker === child) worker = undefined;
    // a worker that died mid-job (a decoder crash, the kernel's OOM killer) fails that photo only
    for (const [id, job] of pending) {
      pending.delete(id);
      const err = new HttpError(400, UNREADABLE);
      err.cause = new Error(`image worker exited (code ${code}, signal ${signal})`);
      job.reject(err);
    }
  });
  child.on("error", () => {}); // 'exit' follows and fails what was pending
  return child;
}

/** The running worker (started if needed), kept alive while it has work. */
function busyWorker(): ChildProcess {
  clearTimeout(idleTimer);
  worker ??= startWorker();
  worker.ref();
  worker.channel?.ref();
  return worker;
}

function scheduleIdleStop() {
  const child = worker;
  if (!child || pending.size) return;
  // an idle worker never keeps the server (or a test run) from exiting
  child.unref();
  child.channel?.unref();
  idleTimer = setTimeout(() => stopImageWorker(), IDLE_MS);
  idleTimer.unref();
}

function runJob(file: string, target: VariantTarget): Promise<PhotoVariants> {
  const id = nextId++;
  const job: ImageWorkerJob = { id, file, target };
  return new Promise<PhotoVariants>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    busyWorker().send(job, (err) => {
      if (!err || !pending.has(id)) return;
      pending.delete(id);
      reject(err);
    });
  }).finally(scheduleIdleStop);
}

/**
 * The displayed size of the photo in `file` (already on disk) and its WebP/AVIF variants, written
 * beside it by the image worker, smallest first (none for an animated image). A file that cannot
 * be read as an image, or one with too many pixels, is a 400.
 */
export function makeImageVariants(file: string, target: VariantTarget): Promise<PhotoVariants> {
  const result = queue.then(() => runJob(file, target));
  queue = result.catch(() => {});
  return result;
}

/** Lets the worker go now (server shutdown); a later photo starts a new one. */
export function stopImageWorker() {
  clearTimeout(idleTimer);
  const child = worker;
  worker = undefined;
  if (child?.connected) child.disconnect();
}

/** For tests: the worker's pid (when one runs) and how many photos it has in hand. */
export function imageWorkerState() {
  return { pid: worker?.pid, pending: pending.size };
}
