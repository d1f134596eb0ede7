import type { ResourceModule } from "../resource-module";
import { usersAdminRoutes } from "./routes";

export const usersModule: ResourceModule = { name: "users", adminRoutes: usersAdminRoutes };
