import type { ResourceModule } from "../resource-module";
import { contactPublicRoutes } from "./routes";

export const contactModule: ResourceModule = { name: "contact", publicRoutes: contactPublicRoutes };
