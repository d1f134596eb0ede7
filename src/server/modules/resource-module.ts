import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * What a resource contributes to the app: public routes (no session needed; a route that wants
 * one asks for it) and admin routes. buildApp mounts every module's admin routes in one scope
 * whose single onRequest guard demands an admin session, so no admin route can forget its check.
 * A module that also works in the background (the newsletter's delivery, the verification mails
 * of imported fans) says so here too: app.ts and background.ts reach it through the list in
 * index.ts, never by importing the module.
 */
export interface ResourceModule {
  name: string;
  publicRoutes?: FastifyPluginAsyncZod;
  adminRoutes?: FastifyPluginAsyncZod;
  /**
   * Adds what the module's own routes and tests reach on the app (e.g. `app.newsletterWorker`),
   * with the onClose hook that releases it. buildApp calls it on the root app, after the app's
   * services (so a module's close hook runs before theirs) and before any routes.
   */
  decorate?: (app: FastifyInstance) => void;
  /**
   * Starts the module's long-running work in the server process (background.ts; test apps never
   * run it) and returns the function that stops it for a graceful shutdown.
   */
  background?: (app: FastifyInstance) => Promise<() => Promise<void>>;
}
