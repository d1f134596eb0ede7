import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { rsvpAnswers } from "@shared/schemas/rsvps";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { bandName } from "../../services/settings";
import { findShow } from "../shows/repository";
import { csvFileName } from "../subscribers/csv";
import { rsvpsCsv } from "./csv";
import { listRsvps } from "./repository";

/** Who is going to a show (the admin scope: a session is needed), as a list and as a CSV file. */
export const rsvpsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const showOf = async (id: number) => {
    const show = await findShow(app.db, id);
    if (!show) throw notFound("Show not found");
    return show;
  };

  app.get("/api/admin/shows/:id/rsvps", { schema: { params: idParams, response: { 200: rsvpAnswers.list } } }, async (request) => {
    await showOf(request.params.id);
    return { success: true, data: await listRsvps(app.db, request.params.id) };
  });

  app.get("/api/admin/shows/:id/rsvps/export", { schema: { params: idParams }, config: { rawAnswer: "stream" } }, async (request, reply) => {
    const show = await showOf(request.params.id);
    const body = rsvpsCsv(await listRsvps(app.db, show.id));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${csvFileName(await bandName(app), `rsvps-${show.date}`)}"`)
      .header("cache-control", "no-store")
      .send(body);
  });
};
