import type { ResourceModule } from "../resource-module";
import { messagesAdminRoutes } from "./routes";

export const messagesModule: ResourceModule = { name: "messages", adminRoutes: messagesAdminRoutes };
