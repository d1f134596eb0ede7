/** The back office's activity log (issue 13). */
export type { ActivityEntry, ActivityPage } from "../schemas/activity";

export interface ActivityFilters {
  page?: number;
  pageSize?: number;
  username?: string;
  resource?: string;
}

export const activityApi = {
  list: "/api/admin/activity",
  /** the GET URL (and query key) of one page with these filters */
  page(filters: ActivityFilters = {}) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") params.set(key, String(value));
    const search = params.toString();
    return search ? `/api/admin/activity?${search}` : "/api/admin/activity";
  },
} as const;
