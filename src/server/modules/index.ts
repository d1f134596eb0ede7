import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { settingsModule } from "./settings/routes";

/**
 * Each resource contributes public routes (no session) and admin routes. Admin routes are
 * registered inside one scope whose single onRequest guard demands an admin session, so no
 * admin route can forget its check.
 */
export interface ResourceModule {
  name: string;
  publicRoutes?: FastifyPluginAsyncZod;
  adminRoutes?: FastifyPluginAsyncZod;
}

// One line per resource; order does not matter.
export const modules: ResourceModule[] = [
  settingsModule,
];
