import { SALT_GRACE_MINUTES } from "@shared/privacy";
import type { Db } from "../../db/client";
import { dropOldEvents, dropOldSalts, rollUpDay, unrolledDays } from "./repository";

/** A day is rolled up this long after it ended, so the last batches of its evening are in. */
export const ROLLUP_GRACE_MS = SALT_GRACE_MINUTES * 60 * 1000;

export function dayBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * One round of the stats' housekeeping (every instance runs it; the statements keep it exactly
 * once): roll each finished day into stats_daily, forget the salts of finished days, drop raw
 * events older than `retentionDays` once their day is rolled up.
 */
export async function rollUpAndExpire(db: Db, opts: { now: Date; dayOf: (at: Date) => Promise<string>; retentionDays: number }) {
  // the band's day as it was ROLLUP_GRACE_MS ago: every day before it is over and rolled
  const settled = await opts.dayOf(new Date(opts.now.getTime() - ROLLUP_GRACE_MS));
  let rolled = 0;
  for (const day of await unrolledDays(db, settled)) if (await rollUpDay(db, day)) rolled++;
  const salts = await dropOldSalts(db, settled);
  const today = await opts.dayOf(opts.now);
  const events = await dropOldEvents(db, dayBefore(today, opts.retentionDays));
  return { rolled, salts, events };
}
