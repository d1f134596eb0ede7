import type { ResourceModule } from "../resource-module";
import { newsletterAdminRoutes } from "./routes";

export const newsletterModule: ResourceModule = { name: "newsletter", adminRoutes: newsletterAdminRoutes };
