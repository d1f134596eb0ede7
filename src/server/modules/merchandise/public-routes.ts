import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { merchandiseAnswers } from "@shared/schemas/merchandise";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { listMerchandise } from "../../services/public-reads/merchandise";

export const merchandisePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/merchandise", { schema: { response: { 200: merchandiseAnswers.list } } }, async (request, reply) =>
    sendPublic(app, request, reply, { key: "/api/merchandise", tags: ["merchandise"], build: async () => jsonAnswer(merchandiseAnswers.list, { success: true, data: await listMerchandise(app.db, app.config.mediaPublicUrl) }) }),
  );
};
