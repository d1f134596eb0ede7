import type { ResourceModule } from "../resource-module";
import { showsAdminRoutes } from "./admin-routes";
import { showsCalendarRoutes } from "./calendar-routes";
import { showsPublicRoutes } from "./public-routes";

export const showsModule: ResourceModule = {
  name: "shows",
  publicRoutes: async (app) => {
    await app.register(showsPublicRoutes);
    await app.register(showsCalendarRoutes);
  },
  adminRoutes: showsAdminRoutes,
};
