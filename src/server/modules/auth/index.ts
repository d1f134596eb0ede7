import type { ResourceModule } from "../resource-module";
import { authPublicRoutes } from "./routes";

export const authModule: ResourceModule = { name: "auth", publicRoutes: authPublicRoutes };
