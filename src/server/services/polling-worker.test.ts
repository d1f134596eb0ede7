import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { IDLE, PollingWorker, type PollingWorkerOptions } from "./polling-worker";

const LONG = 60_000;

function logger() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: unknown, msg: string) => void lines.push({ level, msg });
  return { lines, log: { warn: at("warn"), error: at("error") } as unknown as FastifyBaseLogger };
}

function worker(round: PollingWorkerOptions["round"], more: Partial<PollingWorkerOptions> = {}) {
  const { log, lines } = logger();
  const w = new PollingWorker({ round, pollMs: LONG, retryMs: () => LONG, log, failed: "round failed", ...more });
  return { w, lines };
}

/** Resolves when `check` holds (the loop runs on its own timers). */
async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(check()).toBe(true);
}

describe("polling worker", () => {
  it("runs at start, waits between rounds, and a wake() cuts the wait short", async () => {
    let rounds = 0;
    const { w } = worker(async () => {
      rounds++;
      return IDLE;
    });
    w.start();
    await until(() => rounds === 1);
    await new Promise((r) => setTimeout(r, 30));
    expect(rounds).toBe(1); // waiting pollMs (a minute)
    w.wake();
    await until(() => rounds === 2);
    await w.stop();
    expect(w.isRunning).toBe(false);
  });

  it("never runs two rounds at once, and a wake() during a round is not lost", async () => {
    let running = 0;
    let most = 0;
    let rounds = 0;
    let release!: () => void;
    const { w } = worker(async () => {
      running++;
      most = Math.max(most, running);
      rounds++;
      if (rounds === 1) await new Promise<void>((r) => (release = r));
      running--;
      return LONG;
    });
    w.start();
    await until(() => rounds === 1);
    w.wake(); // during the round: the wait after it ends at once
    w.wake();
    release();
    await until(() => rounds === 2);
    await new Promise((r) => setTimeout(r, 30));
    expect(rounds).toBe(2);
    expect(most).toBe(1);
    await w.stop();
  });

  it("logs a round that threw and tries again after retryMs, which is told how many failed in a row", async () => {
    const asked: number[] = [];
    let rounds = 0;
    const { w, lines } = worker(
      async () => {
        rounds++;
        if (rounds <= 2 || rounds === 4) throw new Error("database gone");
        return 1;
      },
      { retryMs: (failures) => (asked.push(failures), 1), failedLevel: "error" },
    );
    w.start();
    await until(() => rounds >= 5);
    await w.stop();
    expect(asked.slice(0, 3)).toEqual([1, 2, 1]);
    expect(lines.slice(0, 3)).toEqual([
      { level: "error", msg: "round failed" },
      { level: "error", msg: "round failed" },
      { level: "error", msg: "round failed" },
    ]);
  });

  it("stop() waits for the round under way; with `unfinished`, for the work it left", async () => {
    let left = 3;
    let rounds = 0;
    const { w } = worker(
      async () => {
        rounds++;
        const running = w.isRunning;
        await new Promise((r) => setTimeout(r, 5));
        if (running) return LONG; // stop() comes during this round: its wake ends this wait

        left--; // finishing what was started: a short wait (the worker's sends wake it)
        return 1;
      },
      { unfinished: () => left > 0 },
    );
    w.start();
    await until(() => rounds === 1);
    await w.stop();
    expect(left).toBe(0);
    expect(rounds).toBe(4);
  });

  it("idle() counts only a round begun after it was asked", async () => {
    let rounds = 0;
    const release: (() => void)[] = [];
    const { w } = worker(async () => {
      rounds++;
      if (rounds <= 2) await new Promise<void>((r) => release.push(r));
      return IDLE;
    });
    w.start();
    await until(() => rounds === 1);
    let idle = false;
    const waiting = w.idle().then(() => (idle = true));
    release[0](); // round 1 finds nothing due, but it began before idle() was asked
    await until(() => rounds === 2); // idle() woke the loop: no wait after round 1
    expect(idle).toBe(false);
    release[1]();
    await waiting;
    expect(idle).toBe(true);
    await w.stop();
  });
});
