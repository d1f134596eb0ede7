import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { showsApi } from "@shared/api/shows";
import { showAnswers, showInput } from "@shared/schemas/shows";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { activity } from "../../plugins/route-effects";
import { describeShowEdit, SHOW_SECRETS, showSummary, theShow } from "./activity";
import { createShow, deleteShow, findShow, updateShow } from "./repository";
import { showsTablePage, showsTableQuery } from "./table";

type Show = NonNullable<Awaited<ReturnType<typeof findShow>>>;

/**
 * Show writes, the single-show read for the edit form and the admin table's pages (the plain
 * list is GET /api/shows, public).
 */
export const showsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const before = ({ params }: { params: { id: number } }) => findShow(app.db, params.id);

  app.get(showsApi.adminTable, { schema: { querystring: showsTableQuery, response: { 200: showAnswers.page } } }, async (request) => showsTablePage(app.db, request.query));

  app.get("/api/shows/:id", { schema: { params: idParams, response: { 200: showAnswers.item } } }, async (request) => {
    const show = await findShow(app.db, request.params.id);
    if (!show) throw notFound("Show not found");
    return { success: true, data: show };
  });

  app.post(
    "/api/shows",
    {
      schema: { body: showInput, response: { 201: showAnswers.saved } },
      config: {
        invalidates: ["shows"],
        activity: activity<Show>({ resource: "shows", secrets: SHOW_SECRETS, summary: ({ after }) => showSummary(after), describe: ({ after, timeZone }) => `added ${theShow(after!, timeZone)}` }),
      },
    },
    async (request, reply) => {
    const show = await createShow(app.db, request.body);
    return reply.status(201).send({ success: true, message: "Show created successfully", data: show });
  });

  app.put(
    "/api/shows/:id",
    {
      schema: { params: idParams, body: showInput, response: { 200: showAnswers.saved } },
      config: {
        invalidates: ["shows"],
        activity: activity<Show>({ resource: "shows", secrets: SHOW_SECRETS, before, summary: ({ after }) => showSummary(after), describe: ({ before, after, timeZone }) => describeShowEdit(before, after!, timeZone) }),
      },
    },
    async (request) => {
    const show = await updateShow(app.db, request.params.id, request.body);
    if (!show) throw notFound("Show not found");
    return { success: true, message: "Show updated successfully", data: show };
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
