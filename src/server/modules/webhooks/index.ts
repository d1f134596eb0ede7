import type { ResourceModule } from "../resource-module";
import { releaseLeftSending } from "./repository";
import { webhooksAdminRoutes } from "./routes";
import { WebhookWorkers } from "./worker";

export const webhooksModule: ResourceModule = {
  name: "webhooks",
  adminRoutes: webhooksAdminRoutes,
  // app.webhookWorker: the routes wake it (a resend, a resumed endpoint); tests start their own workers
  decorate: (app) => {
    app.decorate("webhookWorker", new WebhookWorkers(app));
    app.addHook("onClose", async () => app.webhookWorker.stop());
  },
  // the server's delivery loop: due deliveries go out within about a second
  background: async (app) => {
    if (app.database.kind === "pglite") {
      const released = await releaseLeftSending(app.db);
      if (released > 0) app.log.warn({ released }, "webhook deliveries left in flight by the last run: sending them again (same webhook-id)");
    }
    const worker = app.webhookWorker.start();
    return () => app.webhookWorker.stop(worker);
  },
};
