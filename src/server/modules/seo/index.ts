import type { ResourceModule } from "../resource-module";
import { seoPublicRoutes } from "./public-routes";

export const seoModule: ResourceModule = { name: "seo", publicRoutes: seoPublicRoutes };
