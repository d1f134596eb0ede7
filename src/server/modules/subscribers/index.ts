import type { ResourceModule } from "../resource-module";
import { subscribersPublicRoutes, subscribersAdminRoutes } from "./routes";

export const subscribersModule: ResourceModule = { name: "subscribers", publicRoutes: subscribersPublicRoutes, adminRoutes: subscribersAdminRoutes };
