import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * What a resource contributes to the app: public routes (no session needed; a route that wants
 * one asks for it) and admin routes. buildApp mounts every module's admin routes in one scope
 * whose single onRequest guard demands an admin session, so no admin route can forget its check.
 */
export interface ResourceModule {
  name: string;
  publicRoutes?: FastifyPluginAsyncZod;
  adminRoutes?: FastifyPluginAsyncZod;
}
