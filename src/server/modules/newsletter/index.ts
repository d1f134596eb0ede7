import type { ResourceModule } from "../resource-module";
import { newsletterDraftRoutes } from "./drafts-routes";
import { newsletterAdminRoutes } from "./routes";

export const newsletterModule: ResourceModule = {
  name: "newsletter",
  adminRoutes: async (app) => {
    await app.register(newsletterAdminRoutes);
    await app.register(newsletterDraftRoutes);
  },
};
