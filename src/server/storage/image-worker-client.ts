import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HttpError } from "../lib/http-error";
import { isVariantFile, removeFiles, TEMP_PREFIX, UNREADABLE, type VariantTarget } from "./image-variants";
import type { ImageWorkerJob, ImageWorkerReply, PhotoVariants } from "./image-worker-protocol";

/**
 * Runs the photo work (reading its size, encoding its variants) in one child process
 * (image-worker.ts), started when a photo comes and let go after `IDLE_MS` without work, so the
 * server's own memory stays flat however many photos are resized (see image-worker.ts for why).
 * Jobs run one at a time, in order:
 * a band uploads a few photos a week, and the server has other requests to answer meanwhile.
 *
 * A job has a time limit (IMAGE_JOB_TIMEOUT_SECONDS, counted from when it is handed to the
 * worker, a fresh worker's start included): past it the worker is killed (a stopped or hung
 * worker would otherwise hold every later photo in the queue for ever), the photo answers a 503
 * saying so, and the next photo starts a new worker. A worker that dies mid-job fails that photo
 * with a 400 (decision 018). Either way the files the worker had written for that photo are
 * removed once it is gone, so a failed upload leaves nothing behind.
 */
const IDLE_MS = 10_000;

/** The default time limit of one photo's job: a 5 MB photo takes about a second, a 100 MP one ten. */
export const DEFAULT_IMAGE_JOB_TIMEOUT_MS = 60_000;

export const timedOutMessage = (timeoutMs: number) =>
  `This image took too long to process (more than ${Math.round(timeoutMs / 1000)} seconds), so it was not saved. Try again, or upload a smaller image.`;

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
  child: ChildProcess;
  target: VariantTarget;
  timeoutMs: number;
  timer: NodeJS.Timeout;
  /** the time limit passed and the worker was killed for it */
  timedOut: boolean;
  resolve(result: PhotoVariants): void;
  reject(err: Error): void;
}

let worker: ChildProcess | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
let queue: Promise<unknown> = Promise.resolve();

/**
 * What a worker that died mid-photo had written for it: its variants (named after the photo's
 * own random stem, so no other record uses them) and its temporary files (named after the stem too).
 */
async function removeLeftovers(target: VariantTarget) {
  const names = await fs.readdir(target.dir).catch(() => [] as string[]);
  const mine = names.filter((n) => n.startsWith(`${TEMP_PREFIX}${target.stem}.`) || (n.startsWith(`${target.stem}.`) && isVariantFile(n)));
  await removeFiles(mine.map((n) => path.join(target.dir, n)));
}

function startWorker(): ChildProcess {
  const { script, execArgv } = workerScript();
  const child = fork(script, [], { execArgv, stdio: ["ignore", "inherit", "inherit", "ipc"], serialization: "advanced" });
  child.on("message", (reply: ImageWorkerReply) => {
    const job = pending.get(reply.id);
    if (!job || job.timedOut) return;
    pending.delete(reply.id);
    clearTimeout(job.timer);
    if (reply.error) job.reject(new HttpError(reply.error.statusCode, reply.error.message));
    else job.resolve({ facts: reply.facts, variants: reply.variants, cleanedSize: reply.cleanedSize });
  });
  child.on("exit", (code, signal) => {
    if (worker === child) worker = undefined;
    // a worker that died mid-job (a decoder crash, the kernel's OOM killer, or killed here past
    // its time limit) fails that photo only; it writes nothing more now, so its files can go
    for (const [id, job] of pending) {
      if (job.child !== child) continue;
      pending.delete(id);
      clearTimeout(job.timer);
      const err = job.timedOut ? new HttpError(503, timedOutMessage(job.timeoutMs)) : new HttpError(400, UNREADABLE);
      err.cause = new Error(job.timedOut ? `image worker killed after ${job.timeoutMs} ms` : `image worker exited (code ${code}, signal ${signal})`);
      void removeLeftovers(job.target).finally(() => job.reject(err));
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

function runJob(file: string, target: VariantTarget, timeoutMs: number, variants: boolean): Promise<PhotoVariants> {
  const id = nextId++;
  const message: ImageWorkerJob = { id, file, target, variants };
  return new Promise<PhotoVariants>((resolve, reject) => {
    const child = busyWorker();
    const timer = setTimeout(() => {
      const job = pending.get(id);
      if (!job) return;
      job.timedOut = true;
      // SIGKILL ends a stopped (SIGSTOP) or spinning worker too; its 'exit' fails the job.
      // The next job must not go to it meanwhile.
      if (worker === child) worker = undefined;
      child.kill("SIGKILL");
    }, timeoutMs);
    pending.set(id, { child, target, timeoutMs, timer, timedOut: false, resolve, reject });
    child.send(message, (err) => {
      const job = pending.get(id);
      if (!err || !job || job.timedOut) return;
      pending.delete(id);
      clearTimeout(timer);
      reject(err);
    });
  }).finally(scheduleIdleStop);
}

/**
 * The displayed size of the photo in `file` (already on disk) and its WebP/AVIF variants, written
 * beside it by the image worker, smallest first (none for an animated image). A file that cannot
 * be read as an image, one with too many pixels or one whose decoding would take too much memory
 * is a 400; a job past its time limit (`timeoutMs`) a 503. A failed job leaves no variant behind.
 * An original carrying EXIF/GPS/XMP/IPTC is rewritten in place without it first (`cleanedSize`);
 * `variants: false` does only that.
 */
export function makeImageVariants(file: string, target: VariantTarget, options: { timeoutMs?: number; variants?: boolean } = {}): Promise<PhotoVariants> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_IMAGE_JOB_TIMEOUT_MS;
  const result = queue.then(() => runJob(file, target, timeoutMs, options.variants !== false));
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
