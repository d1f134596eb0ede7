import path from "node:path";
import { backupStatusAnswer, dashboardAnswers } from "@shared/schemas/dashboard";
import { dashboardApi } from "@shared/api/dashboard";
import { lastBackup } from "../../backup/schedule";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { countUnread } from "../messages/repository";
import { countSubscribed } from "../subscribers/repository";

/**
 * The dashboard's people counts (ARCHITECTURE.md: real numbers, not the spec's disabled 0).
 * Subscribers counts everyone still on the list (unsubscribed addresses are not subscribers);
 * unread messages counts messages not yet opened.
 */
export const dashboardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // the dashboard's backup line: every instance reads the same row (backup_runs)
  app.get(dashboardApi.backupStatus, { schema: { response: { 200: backupStatusAnswer } } }, async () => {
    const last = await lastBackup(app.db);
    return {
      success: true,
      data: {
        schedule: app.config.BACKUP_SCHEDULE ?? null,
        last: last && { at: last.finishedAt ?? last.startedAt, kind: last.kind, file: last.file && path.basename(last.file), size: last.size, error: last.error },
      },
    };
  });

  app.get(dashboardApi.counts, { schema: { response: { 200: dashboardAnswers.counts } } }, async () => {
    const [subscribers, unreadMessages] = await Promise.all([countSubscribed(app.db), countUnread(app.db)]);
    return { success: true, data: { subscribers, unreadMessages } };
  });
};
