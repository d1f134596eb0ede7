import type { ResourceModule } from "../resource-module";
import { bandMembersPublicRoutes } from "./public-routes";
import { bandMembersAdminRoutes } from "./admin-routes";

export const bandMembersModule: ResourceModule = { name: "band-members", publicRoutes: bandMembersPublicRoutes, adminRoutes: bandMembersAdminRoutes };
