import type { ResourceModule } from "../resource-module";
import { videosPublicRoutes } from "./public-routes";
import { videosAdminRoutes } from "./admin-routes";

export const videosModule: ResourceModule = { name: "videos", publicRoutes: videosPublicRoutes, adminRoutes: videosAdminRoutes };
