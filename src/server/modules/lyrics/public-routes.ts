import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../lib/params";
import { notFound } from "../../lib/http-error";
import { getSession } from "../../plugins/auth";
import { findLyrics, listPublishedLyrics } from "./public-queries";

export const lyricsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/lyrics", async () => ({ success: true, data: await listPublishedLyrics(app.db) }));

  // A draft is visible only to a signed-in admin (the edit form reads this too); to anyone
  // else it does not exist, so its existence is not revealed.
  app.get("/api/lyrics/:id", { schema: { params: idParams } }, async (request) => {
    const row = await findLyrics(app.db, request.params.id);
    if (!row || (!row.isPublished && !(await getSession(app, request)))) throw notFound("Lyrics not found");
    return { success: true, data: row };
  });
};
