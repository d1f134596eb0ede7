import type { ResourceModule } from "../resource-module";
import { authAdminRoutes, authPublicRoutes } from "./routes";

export const authModule: ResourceModule = { name: "auth", publicRoutes: authPublicRoutes, adminRoutes: authAdminRoutes };
