import type { ResourceModule } from "../resource-module";
import { settingsPublicRoutes, settingsAdminRoutes } from "./routes";

export const settingsModule: ResourceModule = { name: "settings", publicRoutes: settingsPublicRoutes, adminRoutes: settingsAdminRoutes };
