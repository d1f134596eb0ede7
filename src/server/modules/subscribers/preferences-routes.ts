import { placeOfFan } from "../places/fan-place";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RATE_LIMIT_WINDOW_MS } from "@shared/privacy";
import type { z } from "zod";
import {
  PREFERENCES_DELETED,
  PREFERENCES_ERASED,
  PREFERENCES_INVALID,
  PREFERENCES_SAVED,
  PREFERENCES_UNSUBSCRIBED,
  preferencesAnswers,
  preferencesQuery,
  preferencesInput,
  preferencesTokenInput,
} from "@shared/schemas/preferences";
import { messageAnswer } from "@shared/schemas/answers";
import { HttpError, badRequest, notFound } from "../../lib/http-error";
import { eraseSubscriber, findTokenOwner, toPreferences, unsubscribeSubscriber, updatePreferences } from "./preferences-repository";
import type { Db } from "../../db/client";
import { searchOf, sendPage } from "../../plugins/form-posts";
import { preferencesApi } from "@shared/api/preferences";
import { deletePreferencesForm, preferencesUnsubscribeForm, savePreferencesForm } from "./form-posts";

type PreferencesBody = z.output<typeof preferencesInput>;

/** The subscriber a token names, or the clear answer for a token that names nobody (never a 500). */
async function ownerOf(db: Db, token: string) {
  const owner = await findTokenOwner(db, token);
  if (owner.kind === "deleted") throw new HttpError(410, PREFERENCES_DELETED);
  if (owner.kind === "unknown") throw notFound(PREFERENCES_INVALID);
  return owner.subscriber;
}

/** The token from the query or the body, whichever is valid (one-click posts keep it in the URL). */
function tokenFrom(...sources: unknown[]): string {
  for (const source of sources) {
    const parsed = preferencesTokenInput.safeParse(source);
    if (parsed.success) return parsed.data.token;
  }
  throw badRequest(PREFERENCES_INVALID, { token: PREFERENCES_INVALID });
}

/** The fan's own preferences page API (issue 12): reached with the personal token from a mail. */
export const preferencesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const formLimit = { rateLimit: { max: app.config.FORM_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS } };

  // The page the mail's link opens (issue 21: drawn on the server, so it works without
  // JavaScript), with the fan's own record in it: personal, never cached.
  app.get("/preferences", async (request, reply) => {
    const search = searchOf(request.url);
    const query = preferencesTokenInput.safeParse(request.query);
    try {
      if (!query.success) throw notFound(PREFERENCES_INVALID);
      const { token } = query.data;
      const subscriber = await ownerOf(app.db, token);
      const html = await app.drawPage(request, { path: "/preferences", search, queries: { [preferencesApi.read(token)]: toPreferences(subscriber) } });
      return sendPage(reply, 200, html);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // the page says what the API would: unknown link, or a subscription since deleted
      const html = await app.drawPage(request, { path: "/preferences", search, form: { form: "preferences", page: `/preferences${search}`, ok: false, message: err.message } });
      return sendPage(reply, err.statusCode, html);
    }
  });

  app.get("/api/preferences", { schema: { querystring: preferencesQuery, response: { 200: preferencesAnswers.item } } }, async (request) => {
    const subscriber = await ownerOf(app.db, request.query.token);
    return { success: true, data: toPreferences(subscriber) };
  });

  const save = async (request: { body: PreferencesBody }) => {
    const { token, name, interests, region, place } = request.body;
    const subscriber = await ownerOf(app.db, token);
    const placed = place === undefined ? undefined : await placeOfFan(app.places.resolve, place);
    const updated = await updatePreferences(app.db, subscriber.id, { name: name || null, interests, region: region ?? null, place: placed ?? undefined });
    // deleted between the two statements: the same answer as the next request would get
    if (!updated) throw new HttpError(410, PREFERENCES_DELETED);
    return { success: true, message: PREFERENCES_SAVED, data: toPreferences(updated) };
  };
  app.put("/api/preferences", { schema: { body: preferencesInput, response: { 200: preferencesAnswers.saved } }, config: formLimit }, save);
  // the same, for the page's form posted without JavaScript (a form cannot PUT)
  app.post("/api/preferences", { schema: { body: preferencesInput, response: { 200: preferencesAnswers.saved } }, config: { ...formLimit, formPost: savePreferencesForm } }, save);

  app.post("/api/preferences/unsubscribe", { schema: { response: { 200: messageAnswer } }, config: { ...formLimit, formPost: preferencesUnsubscribeForm } }, async (request) => {
    const subscriber = await ownerOf(app.db, tokenFrom(request.query, request.body));
    await unsubscribeSubscriber(app.db, subscriber.id);
    return { success: true, message: PREFERENCES_UNSUBSCRIBED };
  });

  // A mail client without one-click support opens the header's URL in a browser: show the page.
  // A GET never changes anything, so link scanners cannot unsubscribe anyone.
  app.get("/api/preferences/unsubscribe", { config: { rawAnswer: "redirect" } }, async (request, reply) => {
    const query = new URL(request.url, "http://x").search;
    return reply.redirect(`/preferences${query}`, 303);
  });

  const erase = async (request: FastifyRequest) => {
    const subscriber = await ownerOf(app.db, tokenFrom(request.body, request.query));
    if (!(await eraseSubscriber(app.db, subscriber.id))) throw new HttpError(410, PREFERENCES_DELETED);
    request.log.info({ subscriberId: subscriber.id }, "subscriber deleted their own record");
    return { success: true, message: PREFERENCES_ERASED };
  };
  app.delete("/api/preferences", { schema: { response: { 200: messageAnswer } }, config: formLimit }, erase);
  // the same, for the page's form posted without JavaScript: its checkbox is the confirmation
  app.post("/api/preferences/delete", { schema: { response: { 200: messageAnswer } }, config: { ...formLimit, formPost: deletePreferencesForm } }, erase);
};
