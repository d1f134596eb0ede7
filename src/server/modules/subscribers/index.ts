import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ResourceModule } from "../resource-module";
import { subscriberImportAdminRoutes } from "./import-routes";
import { preferencesPublicRoutes } from "./preferences-routes";
import { subscribersPublicRoutes, subscribersAdminRoutes } from "./routes";

const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(subscribersPublicRoutes);
  await app.register(preferencesPublicRoutes);
};

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(subscribersAdminRoutes);
  await app.register(subscriberImportAdminRoutes);
};

export const subscribersModule: ResourceModule = { name: "subscribers", publicRoutes, adminRoutes };
