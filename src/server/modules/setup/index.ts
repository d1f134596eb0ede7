import type { ResourceModule } from "../resource-module";
import { setupAdminRoutes } from "./routes";

export const setupModule: ResourceModule = { name: "setup", adminRoutes: setupAdminRoutes };
