import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import type { Database, Db } from "./db/client";
import { authRoutes } from "./modules/auth/routes";
import { modules } from "./modules";
import { registerAuth, requireAdmin } from "./plugins/auth";
import { registerErrorHandling } from "./plugins/errors";
import { registerInputGuard } from "./plugins/input-guard";
import { loggerOptions } from "./lib/logging";
import { registerSecurity } from "./plugins/security";
import { registerStatic } from "./plugins/static";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    /** Every route registered behind the admin guard, for the test that enumerates them. */
    adminRoutes: Pick<RouteOptions, "method" | "url">[];
  }
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** tests pass false to keep the output clean */
  logger?: boolean;
  /** tests that read the log pass a stream to write it to */
  logStream?: { write(line: string): void };
}

export async function buildApp({ config, database, logger = true, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && config.LOG_LEVEL !== "silent" ? loggerOptions(config.LOG_LEVEL, logStream) : false,
    bodyLimit: 1024 * 1024, // JSON bodies; uploads have their own limits
    // off unless TRUST_PROXY names the proxies: request.ip is then the socket's address
    // (a hop count works at run time; Fastify's types leave the number out)
    trustProxy: config.TRUST_PROXY as boolean | string[],
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("adminRoutes", []);

  registerErrorHandling(app);
  registerInputGuard(app);
  await registerSecurity(app);
  await app.register(cookie);
  registerAuth(app);

  app.get("/healthz", async (_request, reply) => {
    try {
      await database.ping();
      return { success: true, status: "ok", database: database.kind };
    } catch (err) {
      app.log.error({ err }, "health check failed");
      return reply.status(503).send({ success: false, status: "unavailable", message: "Database unavailable" });
    }
  });

  await app.register(authRoutes);

  await app.register(async (pub) => {
    for (const m of modules) if (m.publicRoutes) await pub.register(m.publicRoutes);
  });

  await app.register(async (admin) => {
    admin.addHook("onRoute", (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== "HEAD") app.adminRoutes.push({ method, url: route.url });
    });
    admin.addHook("onRequest", async (request) => {
      await requireAdmin(app, request);
    });
    for (const m of modules) if (m.adminRoutes) await admin.register(m.adminRoutes);
  });

  await registerStatic(app);
  return app;
}
