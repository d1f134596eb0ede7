import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route answers no JSON body (a redirect, a file stream, a file made whole such as a CSV), so it has no response schema. */
    rawAnswer?: "redirect" | "stream" | "file";
  }
}

/**
 * Every /api route declares the schema of its success answer (src/shared/schemas/<resource>.ts):
 * the answer is encoded through it, so nothing outside the contract is ever sent. A route
 * registered without one stops the app at start-up, so the first test run names it.
 */
export function requireResponseSchemas(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith("/api/") || methods.every((m) => m === "HEAD") || route.config?.rawAnswer) return;
    const codes = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {});
    if (!codes.some((code) => code.startsWith("2"))) {
      throw new Error(`${methods.join(",")} ${route.url} has no response schema for its success answer: add one (docs/conventions.md), or config.rawAnswer for a redirect, a stream or a file`);
    }
  });
}
