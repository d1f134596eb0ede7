import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listActiveVideos } from "./public-queries";

export const videosPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/videos/active", async () => ({ success: true, data: await listActiveVideos(app.db) }));
};
