import { bigint, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per backup the site took (issue 20): a scheduled one (BACKUP_SCHEDULE) or one asked for
 * with `npm run backup`. A scheduled run is claimed by inserting its row: `scheduled_for` (the
 * cron occurrence) is unique, so of several instances on one PostgreSQL only the first takes it.
 * The admin dashboard shows the latest finished row (file and size, or the error).
 */
export const backupRuns = pgTable("backup_runs", {
  id: serial("id").primaryKey(),
  // scheduled | manual
  kind: text("kind").notNull(),
  scheduledFor: timestamp("scheduled_for", { withTimezone: true }).unique("backup_runs_scheduled_for_unique"),
  instanceId: text("instance_id"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  file: text("file"),
  size: bigint("size", { mode: "number" }),
  error: text("error"),
});
