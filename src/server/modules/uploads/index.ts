import type { ResourceModule } from "../resource-module";
import { uploadsAdminRoutes } from "./routes";

export const uploadsModule: ResourceModule = { name: "uploads", adminRoutes: uploadsAdminRoutes };
