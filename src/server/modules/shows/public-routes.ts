import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { showAnswers } from "@shared/schemas/shows";
import { z } from "zod";
import { badRequest } from "../../lib/http-error";
import { requireAdmin } from "../../plugins/auth";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { listPastShows, listShows, listUpcomingShows } from "../../services/public-reads/shows";
import { showsTablePage, showsTableQuery, whenOf } from "./table";

const whole = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))
    .optional();

const showsQuery = showsTableQuery.extend({
  // optional paging; without it the answer is the spec's whole list
  limit: whole("limit", 1, 500),
  offset: whole("offset", 0, 1_000_000),
});

/**
 * GET /api/shows: all shows by date (public, the spec's call); ?upcoming=true keeps today and
 * later, ?past=true the ones before today, newest first (both: a 400).
 * The admin table asks GET /api/admin/shows (admin-routes.ts). Clients from before it sent the
 * table's parameters (q, sort, dir, page, pageSize) here, so those still get the same page, for
 * an admin only, from the same code (`showsTablePage`), never cached.
 */
export const showsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/shows", { schema: { querystring: showsQuery, response: { 200: showAnswers.listOrPage } } }, async (request, reply) => {
    const { limit, offset, q, sort, dir, page: pageNumber, pageSize } = request.query;
    const { upcoming, past } = whenOf(request.query);
    if ([q, sort, dir, pageNumber, pageSize].some((v) => v !== undefined)) {
      await requireAdmin(app, request);
      if (limit !== undefined || offset !== undefined) throw badRequest("limit: use page and pageSize with the table's parameters", { limit: "use page and pageSize with the table's parameters" });
      return showsTablePage(app.db, request.query);
    }
    const page = { limit, offset };
    return sendPublic(app, request, reply, {
      key: `/api/shows?upcoming=${upcoming}&past=${past}&limit=${limit ?? ""}&offset=${offset ?? ""}`,
      tags: ["shows"],
      build: async () =>
        jsonAnswer(showAnswers.list, {
          success: true,
          data: upcoming ? await listUpcomingShows(app.db, undefined, page) : past ? await listPastShows(app.db, undefined, page) : await listShows(app.db, page),
        }),
    });
  });
};
