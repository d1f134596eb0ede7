import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../../plugins/auth";
import { listAllTracks, listFeaturedTracks } from "./public-queries";

const tracksQuery = z.object({
  featured: z.enum(["true", "false"], { message: "featured must be 'true' or 'false'" }).optional(),
});

/**
 * ?featured=true is public (featured + active tracks for the header player). Without it this
 * is the admin list of every track, so it needs an admin.
 */
export const audioTracksPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/audio-tracks", { schema: { querystring: tracksQuery } }, async (request) => {
    if (request.query.featured === "true") return { success: true, data: await listFeaturedTracks(app.db) };
    await requireAdmin(app, request);
    return { success: true, data: await listAllTracks(app.db) };
  });
};
