import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { TOWN_REQUEST_THANKS, placesApi } from "@shared/api/places";
import { MAX_PLACE_SUGGESTIONS, placeAnswers, placesQuery, townRequestInput } from "@shared/schemas/places";
import { signUpFan } from "../subscribers/signup";
import { addTownRequest, townRequestCounts } from "./repository";
import { RATE_LIMIT_WINDOW_MS } from "@shared/privacy";
import { fieldText } from "@shared/form-fields";
import type { FormPost } from "../../plugins/form-posts";

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

/**
 * 'Want us in your town?' (issue 24): the place is counted (as the gazetteer names it, or as typed
 * when it is not placed); an address given joins the list with the shows interest through the
 * list's own signup and double opt-in (the same answer whether or not it was known).
 */
/** The pages the town form is on (the home page's shows section): its answer without JavaScript is drawn there. */
const TOWN_FORM_PAGES = ["/"];

/** 'Want us in your town?' posted without JavaScript (decision 026). */
const townForm: FormPost = {
  form: "town",
  body: (fields) => ({ body: { place: fieldText(fields, "place"), email: fieldText(fields, "email"), website: fieldText(fields, "website") } }),
  page: (_request, fields) => ({ path: TOWN_FORM_PAGES.includes(fieldText(fields, "page")) ? fieldText(fields, "page") : "/" }),
};

export const townRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const formLimit = { rateLimit: { max: app.config.FORM_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS }, formPost: townForm };
  app.post(placesApi.townRequests, { schema: { body: townRequestInput, response: { 200: placeAnswers.townRequested } }, config: formLimit }, async (request) => {
    const { place, email, website } = request.body;
    if (website) return { success: true, message: TOWN_REQUEST_THANKS };
    const found = await app.places.resolve(place);
    await addTownRequest(app.db, { placeTyped: place, placeName: found?.name ?? null, lat: found?.lat ?? null, lng: found?.lng ?? null });
    // an address joins the list through the list's own signup, its confirmation mail included
    if (email) await signUpFan(app, { name: null, email, interests: { shows: true, releases: false, merch: false }, place: { typed: place, lat: found?.lat ?? null, lng: found?.lng ?? null }, ip: request.ip, signupPage: null, signupSource: "town-request" });
    return { success: true, message: TOWN_REQUEST_THANKS };
  });
};

export const townRequestAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(placesApi.townRequestCounts, { schema: { response: { 200: placeAnswers.townCounts } } }, async () => ({ success: true, data: await townRequestCounts(app.db) }));
};
