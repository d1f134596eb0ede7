/** The dashboard's counts (real numbers, ARCHITECTURE.md). */
export type { DashboardCounts } from "../schemas/dashboard";

export const dashboardApi = { counts: "/api/admin/dashboard-counts" } as const;
