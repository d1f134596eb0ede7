import type { ResourceModule } from "../resource-module";
import { decorateNewsletterDelivery } from "./delivery";
import { newsletterDraftRoutes } from "./drafts-routes";
import { newsletterAdminRoutes } from "./routes";

/** The newsletter feature (README.md): the back office's routes, and the delivery of what they queue. */
export const newsletterModule: ResourceModule = {
  name: "newsletter",
  adminRoutes: async (app) => {
    await app.register(newsletterAdminRoutes);
    await app.register(newsletterDraftRoutes);
  },
  // app.newsletterWorker: the routes wake it after queueing, tests start workers with their options
  decorate: decorateNewsletterDelivery,
  // the server's one worker (and with it the scheduler)
  background: async (app) => {
    const worker = await app.newsletterWorker.start();
    return () => worker.stop();
  },
};
