import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ResourceModule } from "../resource-module";
import { ImportVerificationSender } from "./import-verification-sender";
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

export const subscribersModule: ResourceModule = {
  name: "subscribers",
  publicRoutes,
  adminRoutes,
  // verification mails for fans a CSV import added (import-routes.ts, import-verification-sender.ts)
  background: async (app) => {
    const sender = new ImportVerificationSender(app, { ratePerSecond: app.config.MAIL_RATE_PER_SECOND, concurrency: app.config.MAIL_CONCURRENCY }).start();
    return () => sender.stop();
  },
};
