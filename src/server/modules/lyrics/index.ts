import type { ResourceModule } from "../resource-module";
import { lyricsPublicRoutes } from "./public-routes";
import { lyricsAdminRoutes } from "./admin-routes";

export const lyricsModule: ResourceModule = { name: "lyrics", publicRoutes: lyricsPublicRoutes, adminRoutes: lyricsAdminRoutes };
