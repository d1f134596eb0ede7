import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { showsApi } from "@shared/api/shows";
import { showAnswers, showInput } from "@shared/schemas/shows";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { activity } from "../../plugins/route-effects";
import { describeShowEdit, SHOW_SECRETS, showSummary, theShow } from "./activity";
import { createShow, deleteShow, findShow, updateShow } from "./repository";
import type { Db } from "../../db/client";
import { bandTimeZone } from "../../services/settings";
import { raiseEvent, showChanges, showEventData } from "../../services/webhook-events";
import { adminShowOf, nearbyOfShow, placeOfShow, presaleNearbyOfShow } from "../places/show-place";
import { showsTablePage, showsTableQuery } from "./table";

type Show = NonNullable<Awaited<ReturnType<typeof findShow>>>;

/**
 * Show writes, the single-show read for the edit form and the admin table's pages (the plain
 * list is GET /api/shows, public).
 */
export const showsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const before = ({ params }: { params: { id: number } }) => findShow(app.db, params.id);

  // The shows table and the edit form come before a save, and a save waits for the gazetteer (the
  // show's place): these start loading it, so a first save is not a cold load of several seconds
  // (under load a first 'Create Show' passed the client's 10 s and the admin was told it failed).
  app.get(showsApi.adminTable, { schema: { querystring: showsTableQuery, response: { 200: showAnswers.adminPage } } }, async (request) => {
    app.places.warm();
    return showsTablePage(app.db, request.query);
  });

  app.get("/api/shows/:id", { schema: { params: idParams, response: { 200: showAnswers.adminItem } } }, async (request) => {
    app.places.warm();
    const show = await findShow(app.db, request.params.id);
    if (!show) throw notFound("Show not found");
    return { success: true, data: adminShowOf(show) };
  });

  /** Where the venue is and whether fans near it are to be told (modules/places). */
  const placed = async (body: Parameters<typeof placeOfShow>[1], before: Parameters<typeof placeOfShow>[2]) => ({
    ...body,
    ...(await placeOfShow(app.places.resolve, body, before)),
    ...nearbyOfShow(body, before, app.places.now(), await bandTimeZone(app.db)),
    ...presaleNearbyOfShow(body, before),
  });

  app.post(
    "/api/shows",
    {
      schema: { body: showInput, response: { 201: showAnswers.adminSaved } },
      config: {
        invalidates: ["shows"],
        activity: activity<Show>({ resource: "shows", secrets: SHOW_SECRETS, summary: ({ after }) => showSummary(after), describe: ({ after, timeZone }) => `added ${theShow(after!, timeZone)}` }),
      },
    },
    async (request, reply) => {
    const values = await placed(request.body, null);
    // show.created is queued in the same commit as the show (webhooks, issue 26)
    const show = await app.db.transaction(async (tx) => {
      const row = await createShow(tx as unknown as Db, values);
      await raiseEvent(tx, "show.created", { show: showEventData(row, app.config.PUBLIC_URL) });
      return row;
    });
    if (show.nearbyDueAt || show.presaleNearbyMiles) app.places.wakeNearby();
    return reply.status(201).send({ success: true, message: "Show created successfully", data: adminShowOf(show) });
  });

  app.put(
    "/api/shows/:id",
    {
      schema: { params: idParams, body: showInput, response: { 200: showAnswers.adminSaved } },
      config: {
        invalidates: ["shows"],
        activity: activity<Show>({ resource: "shows", secrets: SHOW_SECRETS, before, summary: ({ after }) => showSummary(after), describe: ({ before, after, timeZone }) => describeShowEdit(before, after!, timeZone) }),
      },
    },
    async (request) => {
    const current = await findShow(app.db, request.params.id);
    if (!current) throw notFound("Show not found");
    const values = await placed(request.body, current);
    // show.updated, with what a fan sees that changed (the status among it), in the same commit
    const show = await app.db.transaction(async (tx) => {
      const row = await updateShow(tx as unknown as Db, request.params.id, values);
      if (!row) return null;
      const after = showEventData(row, app.config.PUBLIC_URL);
      const changes = showChanges(showEventData(current, app.config.PUBLIC_URL), after);
      if (Object.keys(changes).length > 0) await raiseEvent(tx, "show.updated", { show: after, changes });
      return row;
    });
    if (!show) throw notFound("Show not found");
    if ((show.nearbyDueAt && !show.nearbyToldAt) || (show.presaleNearbyMiles && !show.presaleNearbyToldAt)) app.places.wakeNearby();
    return { success: true, message: "Show updated successfully", data: adminShowOf(show) };
  });

  app.delete(
    "/api/shows/:id",
    {
      schema: { params: idParams, response: { 200: messageAnswer } },
      config: {
        invalidates: ["shows"],
        activity: activity<Show>({ resource: "shows", secrets: SHOW_SECRETS, before, summary: ({ before }) => showSummary(before), describe: ({ before, params, timeZone }) => (before ? `deleted ${theShow(before, timeZone)}` : `deleted show #${params.id}`) }),
      },
    },
    async (request) => {
    if (!(await deleteShow(app.db, request.params.id))) throw notFound("Show not found");
    return { success: true, message: "Show deleted" };
  });
};
