import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { lyricsAnswers } from "@shared/schemas/lyrics";
import { idParams } from "../../lib/params";
import { notFound } from "../../lib/http-error";
import { getSession } from "../../plugins/auth";
import { jsonAnswer, notFoundAnswer, PRIVATE_CACHE_CONTROL, sendPublic } from "../../plugins/public-answers";
import { findLyrics, listPublishedLyrics } from "../../services/public-reads/lyrics";

export const lyricsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/lyrics", { schema: { response: { 200: lyricsAnswers.list } } }, async (request, reply) =>
    sendPublic(app, request, reply, { key: "/api/lyrics", tags: ["lyrics"], build: async () => jsonAnswer(lyricsAnswers.list, { success: true, data: await listPublishedLyrics(app.db) }) }),
  );

  // A draft is visible only to a signed-in admin (the edit form reads this too); to anyone
  // else it does not exist, so its existence is not revealed. The public answer (published,
  // or 404) is the same for everyone and cached; a signed-in admin's never is.
  app.get("/api/lyrics/:id", { schema: { params: idParams, response: { 200: lyricsAnswers.item } } }, async (request, reply) => {
    const { id } = request.params;
    if (await getSession(app, request)) {
      const row = await findLyrics(app.db, id);
      if (!row) throw notFound("Lyrics not found");
      return reply.header("cache-control", PRIVATE_CACHE_CONTROL).send({ success: true, data: row });
    }
    return sendPublic(app, request, reply, {
      key: `/api/lyrics/${id}`,
      tags: ["lyrics"],
      build: async () => {
        const row = await findLyrics(app.db, id);
        return row?.isPublished ? jsonAnswer(lyricsAnswers.item, { success: true, data: row }) : notFoundAnswer("Lyrics not found");
      },
    });
  });
};
