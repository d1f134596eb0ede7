import { z } from "zod";
import { dataAnswer, timestamp } from "./answers";

/** GET /api/admin/dashboard-counts: the real numbers behind the dashboard's count cards. */
export const dashboardCountsRecord = z.object({ subscribers: z.number(), unreadMessages: z.number() });
export type DashboardCounts = z.input<typeof dashboardCountsRecord>;

export const dashboardAnswers = { counts: dataAnswer(dashboardCountsRecord) };

/** GET /api/admin/backup-status: the dashboard's backup line (issue 20). */
export const backupStatusRecord = z.object({
  /** BACKUP_SCHEDULE, or null when backups are not scheduled */
  schedule: z.string().nullable(),
  /** the latest finished backup (scheduled or `npm run backup`), or null */
  last: z
    .object({
      at: timestamp,
      kind: z.string(),
      /** the archive's file name (no folder) */
      file: z.string().nullable(),
      size: z.number().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type BackupStatus = z.input<typeof backupStatusRecord>;

export const backupStatusAnswer = dataAnswer(backupStatusRecord);
