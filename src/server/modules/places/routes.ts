import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { placesApi } from "@shared/api/places";
import { MAX_PLACE_SUGGESTIONS, placeAnswers, placesQuery } from "@shared/schemas/places";
import { RATE_LIMIT_WINDOW_MS } from "@shared/privacy";

const SUGGEST_PATH = new URL(placesApi.suggest(""), "http://x").pathname;
const ADMIN_SUGGEST_PATH = new URL(placesApi.adminSuggest(""), "http://x").pathname;

/** The public suggestions of the fans' 'Your city or ZIP' (rate limited per address, at most 8 places). */
export const placesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  // a fan types a few letters at a time: a dozen times the forms' allowance
  const suggestLimit = { rateLimit: { max: app.config.FORM_RATE_LIMIT * 12, timeWindow: RATE_LIMIT_WINDOW_MS } };
  app.get(SUGGEST_PATH, { schema: { querystring: placesQuery, response: { 200: placeAnswers.suggestions } }, config: suggestLimit }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return { success: true, data: (await app.places.suggest(request.query.q, MAX_PLACE_SUGGESTIONS)).map(({ name, lat, lng }) => ({ name, lat, lng })) };
  });
};

/** The show form's 'pick another match': the same list for the admin. */
export const placesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ADMIN_SUGGEST_PATH, { schema: { querystring: placesQuery, response: { 200: placeAnswers.suggestions } } }, async (request) => ({
    success: true,
    data: (await app.places.suggest(request.query.q, MAX_PLACE_SUGGESTIONS)).map(({ name, lat, lng }) => ({ name, lat, lng })),
  }));
};
