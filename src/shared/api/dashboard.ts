/** The dashboard's counts (real numbers, ARCHITECTURE.md). */
export type { BackupStatus, DashboardCounts } from "../schemas/dashboard";

export const dashboardApi = {
  counts: "/api/admin/dashboard-counts",
  /** the last backup (file, size or error) and BACKUP_SCHEDULE */
  backupStatus: "/api/admin/backup-status",
} as const;
