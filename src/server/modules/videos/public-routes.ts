import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { videoAnswers } from "@shared/schemas/videos";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { listActiveVideos } from "../../services/public-reads/videos";

export const videosPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/videos/active", { schema: { response: { 200: videoAnswers.list } } }, async (request, reply) =>
    sendPublic(app, request, reply, { key: "/api/videos/active", tags: ["videos"], build: async () => jsonAnswer(videoAnswers.list, { success: true, data: await listActiveVideos(app.db, app.config.mediaPublicUrl) }) }),
  );
};
