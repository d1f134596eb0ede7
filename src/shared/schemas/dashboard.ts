import { z } from "zod";
import { dataAnswer } from "./answers";

/** GET /api/admin/dashboard-counts: the real numbers behind the dashboard's count cards. */
export const dashboardCountsRecord = z.object({ subscribers: z.number(), unreadMessages: z.number() });
export type DashboardCounts = z.input<typeof dashboardCountsRecord>;

export const dashboardAnswers = { counts: dataAnswer(dashboardCountsRecord) };
