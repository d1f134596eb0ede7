import type { ResourceModule } from "../resource-module";
import { dashboardAdminRoutes } from "./admin-routes";

export const dashboardModule: ResourceModule = { name: "dashboard", adminRoutes: dashboardAdminRoutes };
