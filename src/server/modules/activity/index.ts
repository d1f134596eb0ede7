import type { ResourceModule } from "../resource-module";
import { activityAdminRoutes } from "./routes";

export const activityModule: ResourceModule = { name: "activity", adminRoutes: activityAdminRoutes };
