import { SALT_GRACE_MINUTES } from "@shared/privacy";
import type { Db } from "../../db/client";
import { dayBefore } from "./days";
import { dropEventsOf, dropOldSalts, expiredDays } from "./repository";
import { advancePartials, rollUpDay, rollUpWeek, unrolledDays, weeksToRoll } from "./totals";

/** A day is rolled up this long after it ended, so the last batches of its evening are in. */
export const ROLLUP_GRACE_MS = SALT_GRACE_MINUTES * 60 * 1000;

/**
 * A turn of the event loop for the server's other work (requests, timers) before the next step.
 * On PGlite every statement runs in this thread and its promise resolves as a microtask, so a
 * loop of statements never lets a request in: the first round after many days not rolled up kept
 * /healthz unanswered for 114 s. setImmediate runs after the loop has polled for I/O. On
 * PostgreSQL the socket gives such turns anyway.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `step` for each item, one after the other with a turn of the event loop after each; answers the sum of what they answer (true counts 1). */
async function eachWithTurns<T>(items: T[], step: (item: T) => Promise<boolean | number>): Promise<number> {
  let total = 0;
  for (const item of items) {
    total += Number(await step(item));
    await nextTurn();
  }
  return total;
}

/**
 * One round of the stats' housekeeping (every instance runs it; the statements keep it exactly
 * once): roll each finished day into stats_daily and each finished week into stats_weekly, forget
 * the salts of finished days, drop raw events older than `retentionDays` once their day is rolled
 * up, and bring the partial totals of the days not rolled yet (today) up to date. One day (or
 * week) per statement, the server given a turn between them.
 */
export async function rollUpAndExpire(db: Db, opts: { now: Date; dayOf: (at: Date) => Promise<string>; retentionDays: number }) {
  // the band's day as it was ROLLUP_GRACE_MS ago: every day before it is over and rolled
  const settled = await opts.dayOf(new Date(opts.now.getTime() - ROLLUP_GRACE_MS));
  const rolled = await eachWithTurns(await unrolledDays(db, settled), (day) => rollUpDay(db, day));
  const weeks = await eachWithTurns(await weeksToRoll(db, settled), (week) => rollUpWeek(db, week));
  const salts = await dropOldSalts(db, settled);
  const today = await opts.dayOf(opts.now);
  const events = await eachWithTurns(await expiredDays(db, dayBefore(today, opts.retentionDays)), (day) => dropEventsOf(db, day));
  const partial = await advancePartials(db, today);
  return { rolled, weeks, salts, events, partial };
}
