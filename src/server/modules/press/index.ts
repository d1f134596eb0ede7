import type { ResourceModule } from "../resource-module";
import { pressKitAdminRoutes, pressKitPublicRoutes } from "./kit-routes";
import { pressLinkAdminRoutes, pressLinkPublicRoutes } from "./link-routes";

/** The press kit and its private links (issue 25, decision 042). */
export const pressModule: ResourceModule = {
  name: "press",
  publicRoutes: async (app) => {
    await app.register(pressKitPublicRoutes);
    await app.register(pressLinkPublicRoutes);
  },
  adminRoutes: async (app) => {
    await app.register(pressKitAdminRoutes);
    await app.register(pressLinkAdminRoutes);
  },
};
