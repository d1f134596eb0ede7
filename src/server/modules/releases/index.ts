import type { ResourceModule } from "../resource-module";
import { releasesAdminRoutes } from "./admin-routes";
import { releasesPublicRoutes } from "./public-routes";
import { releaseOutWorker } from "./rounds";

export const releasesModule: ResourceModule = {
  name: "releases",
  publicRoutes: releasesPublicRoutes,
  adminRoutes: releasesAdminRoutes,
  // the 'out now' mails at each release's instant (rounds.ts); test apps run rounds themselves
  background: async (app) => {
    const worker = releaseOutWorker(app);
    worker.start();
    return () => worker.stop();
  },
};
