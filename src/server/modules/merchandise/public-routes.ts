import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listMerchandise } from "./public-queries";

export const merchandisePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/merchandise", async () => ({ success: true, data: await listMerchandise(app.db) }));
};
