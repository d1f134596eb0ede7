import type { ResourceModule } from "../resource-module";
import { demoContentAdminRoutes } from "./routes";

export const demoContentModule: ResourceModule = { name: "demo-content", adminRoutes: demoContentAdminRoutes };
