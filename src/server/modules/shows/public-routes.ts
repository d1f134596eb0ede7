import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { showAnswers } from "@shared/schemas/shows";
import { z } from "zod";
import { badRequest } from "../../lib/http-error";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { listPastShows, listShows, listUpcomingShows } from "../../services/public-reads/shows";

const whole = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))
    .optional();

const showsQuery = z.object({
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
 */
export const showsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/shows", { schema: { querystring: showsQuery, response: { 200: showAnswers.list } } }, async (request, reply) => {
    const { limit, offset } = request.query;
    const upcoming = request.query.upcoming === "true";
    const past = request.query.past === "true";
    if (upcoming && past) throw badRequest("past: cannot be combined with upcoming=true", { past: "cannot be combined with upcoming=true" });
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
