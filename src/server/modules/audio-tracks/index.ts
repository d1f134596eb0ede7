import type { ResourceModule } from "../resource-module";
import { audioTracksPublicRoutes } from "./public-routes";
import { audioTracksAdminRoutes } from "./admin-routes";

export const audioTracksModule: ResourceModule = { name: "audio-tracks", publicRoutes: audioTracksPublicRoutes, adminRoutes: audioTracksAdminRoutes };
