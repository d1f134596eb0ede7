import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DEFAULT_PAGE_SIZE } from "@shared/schemas/paging";
import { showAnswers, showTableQuery } from "@shared/schemas/shows";
import { todayIso } from "@shared/format";
import { z } from "zod";
import { badRequest } from "../../lib/http-error";
import { requireAdmin } from "../../plugins/auth";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { listPastShows, listShows, listUpcomingShows } from "../../services/public-reads/shows";
import { searchShows } from "./repository";

const whole = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))
    .optional();

const showsQuery = showTableQuery.extend({
  upcoming: z.enum(["true", "false"], { message: "upcoming must be 'true' or 'false'" }).optional(),
  // the archive on /shows: dated before today, newest first
  past: z.enum(["true", "false"], { message: "past must be 'true' or 'false'" }).optional(),
  // optional paging; without it the answer is the spec's whole list
  limit: whole("limit", 1, 500),
  offset: whole("offset", 0, 1_000_000),
});

/**
 * GET /api/shows: all shows by date (the admin list reads it too); ?upcoming=true keeps today
 * and later, ?past=true the ones before today, newest first (both: a 400).
 * Any of the admin table's parameters (q, sort, dir, page, pageSize) makes it an admin-only
 * page of the search, answered with `page` and never cached (each question is its own answer).
 */
export const showsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/shows", { schema: { querystring: showsQuery, response: { 200: showAnswers.listOrPage } } }, async (request, reply) => {
    const { limit, offset } = request.query;
    const upcoming = request.query.upcoming === "true";
    const past = request.query.past === "true";
    if (upcoming && past) throw badRequest("past: cannot be combined with upcoming=true", { past: "cannot be combined with upcoming=true" });
    const { q, sort, dir, page: pageNumber, pageSize } = request.query;
    if ([q, sort, dir, pageNumber, pageSize].some((v) => v !== undefined)) {
      await requireAdmin(app, request);
      if (limit !== undefined || offset !== undefined) throw badRequest("limit: use page and pageSize with the table's parameters", { limit: "use page and pageSize with the table's parameters" });
      const today = todayIso();
      const by = sort ?? "date";
      const found = await searchShows(app.db, {
        q: q || undefined,
        when: upcoming ? { upcoming: true, today } : past ? { past: true, today } : undefined,
        sort: by,
        // by date: upcoming soonest first, the past newest first; other columns from the top
        dir: dir ?? (by === "date" && past ? "desc" : "asc"),
        page: pageNumber ?? 1,
        pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
      });
      return { success: true, ...found };
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
