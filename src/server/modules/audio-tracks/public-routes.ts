import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audioTrackAnswers } from "@shared/schemas/audio-tracks";
import { z } from "zod";
import { requireAdmin } from "../../plugins/auth";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { listFeaturedTracks } from "../../services/public-reads/audio-tracks";
import { everyTrack } from "./admin-routes";

const tracksQuery = z.object({
  featured: z.enum(["true", "false"], { message: "featured must be 'true' or 'false'" }).optional(),
});

/**
 * ?featured=true is public (featured + active tracks for the header player). Without it this
 * is the spec's admin list of every track (the admin pages ask GET /api/admin/audio-tracks),
 * so it needs an admin and answers from the same code.
 */
export const audioTracksPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/audio-tracks", { schema: { querystring: tracksQuery, response: { 200: audioTrackAnswers.list } } }, async (request, reply) => {
    if (request.query.featured === "true") {
      return sendPublic(app, request, reply, {
        key: "/api/audio-tracks?featured=true",
        tags: ["audio-tracks"],
        build: async () => jsonAnswer(audioTrackAnswers.list, { success: true, data: await listFeaturedTracks(app.db, app.config.mediaPublicUrl) }),
      });
    }
    await requireAdmin(app, request);
    return everyTrack(app.db);
  });
};
