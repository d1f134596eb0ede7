/** The dashboard's first-run checklist (issue 21). */
export type { SetupStatus, SetupStep } from "../schemas/setup";

export const setupApi = { status: "/api/admin/setup" } as const;
