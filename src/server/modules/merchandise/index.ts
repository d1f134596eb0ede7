import type { ResourceModule } from "../resource-module";
import { merchandisePublicRoutes } from "./public-routes";
import { merchandiseAdminRoutes } from "./admin-routes";

export const merchandiseModule: ResourceModule = { name: "merchandise", publicRoutes: merchandisePublicRoutes, adminRoutes: merchandiseAdminRoutes };
