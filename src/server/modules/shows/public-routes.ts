import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listShows, listUpcomingShows } from "./public-queries";

const showsQuery = z.object({
  upcoming: z.enum(["true", "false"], { message: "upcoming must be 'true' or 'false'" }).optional(),
});

/** GET /api/shows: all shows by date (the admin list reads it too); ?upcoming=true keeps today and later. */
export const showsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/shows", { schema: { querystring: showsQuery } }, async (request) => {
    const data = request.query.upcoming === "true" ? await listUpcomingShows(app.db) : await listShows(app.db);
    return { success: true, data };
  });
};
