import { SALT_GRACE_MINUTES } from "@shared/privacy";
import type { Db } from "../../db/client";
import { dayBefore } from "./days";
import { dropOldEvents, dropOldSalts } from "./repository";
import { advancePartials, rollUpDay, rollUpWeeks, unrolledDays } from "./totals";

/** A day is rolled up this long after it ended, so the last batches of its evening are in. */
export const ROLLUP_GRACE_MS = SALT_GRACE_MINUTES * 60 * 1000;

/**
 * One round of the stats' housekeeping (every instance runs it; the statements keep it exactly
 * once): roll each finished day into stats_daily and each finished week into stats_weekly, forget
 * the salts of finished days, drop raw events older than `retentionDays` once their day is rolled
 * up, and bring the partial totals of the days not rolled yet (today) up to date.
 */
export async function rollUpAndExpire(db: Db, opts: { now: Date; dayOf: (at: Date) => Promise<string>; retentionDays: number }) {
  // the band's day as it was ROLLUP_GRACE_MS ago: every day before it is over and rolled
  const settled = await opts.dayOf(new Date(opts.now.getTime() - ROLLUP_GRACE_MS));
  let rolled = 0;
  for (const day of await unrolledDays(db, settled)) if (await rollUpDay(db, day)) rolled++;
  const weeks = await rollUpWeeks(db, settled);
  const salts = await dropOldSalts(db, settled);
  const today = await opts.dayOf(opts.now);
  const events = await dropOldEvents(db, dayBefore(today, opts.retentionDays));
  const partial = await advancePartials(db, today);
  return { rolled, weeks, salts, events, partial };
}
