import type { ResourceModule } from "../resource-module";
import { bandPhotoAdminRoutes, bandPhotoPublicRoutes } from "./routes";

export const bandPhotoModule: ResourceModule = { name: "band-photo", publicRoutes: bandPhotoPublicRoutes, adminRoutes: bandPhotoAdminRoutes };
