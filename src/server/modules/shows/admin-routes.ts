import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { showsApi } from "@shared/api/shows";
import { showAnswers, showInput } from "@shared/schemas/shows";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { activity } from "../../plugins/route-effects";
import { describeShowEdit, SHOW_SECRETS, showSummary, theShow } from "./activity";
import { createShow, deleteShow, findShow, updateShow } from "./repository";
import { bandTimeZone } from "../../services/settings";
import { adminShowOf, nearbyOfShow, placeOfShow, presaleNearbyOfShow } from "../places/show-place";
import { showsTablePage, showsTableQuery } from "./table";

type Show = NonNullable<Awaited<ReturnType<typeof findShow>>>;

/**
 * Show writes, the single-show read for the edit form and the admin table's pages (the plain
 * list is GET /api/shows, public).
 */
export const showsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const before = ({ params }: { params: { id: number } }) => findShow(app.db, params.id);

  app.get(showsApi.adminTable, { schema: { querystring: showsTableQuery, response: { 200: showAnswers.adminPage } } }, async (request) => showsTablePage(app.db, request.query));

  app.get("/api/shows/:id", { schema: { params: idParams, response: { 200: showAnswers.adminItem } } }, async (request) => {
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
    const show = await createShow(app.db, await placed(request.body, null));
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
    const show = await updateShow(app.db, request.params.id, await placed(request.body, current));
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
