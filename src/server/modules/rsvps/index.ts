import type { ResourceModule } from "../resource-module";
import { rsvpsAdminRoutes } from "./admin-routes";
import { rsvpsPublicRoutes } from "./public-routes";
import { rsvpWorker } from "./rounds";

export const rsvpsModule: ResourceModule = {
  name: "rsvps",
  publicRoutes: rsvpsPublicRoutes,
  adminRoutes: rsvpsAdminRoutes,
  // the reminders the day before and the notices of changed shows (rounds.ts); test apps run rounds themselves
  background: async (app) => {
    const worker = rsvpWorker(app);
    worker.start();
    return () => worker.stop();
  },
};
