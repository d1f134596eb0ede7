import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activityApi } from "@shared/api/activity";
import { activityAnswers, activityListQuery } from "@shared/schemas/activity";
import { listActivity } from "./repository";

/** GET /api/admin/activity: who changed what (written by plugins/activity-log.ts). */
export const activityAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(activityApi.list, { schema: { querystring: activityListQuery, response: { 200: activityAnswers.page } } }, async (request) => {
    const { entries, page, filters } = await listActivity(app.db, request.query);
    return { success: true, data: entries, page, filters };
  });
};
