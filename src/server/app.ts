import cookie from "@fastify/cookie";
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import type { Database, Db } from "./db/client";
import { modules } from "./modules";
import { registerActivityLog } from "./plugins/activity-log";
import { registerAuth, requireAdmin } from "./plugins/auth";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./plugins/errors";
import { registerFormPosts } from "./plugins/form-posts";
import { registerInputGuard } from "./plugins/input-guard";
import { invalidateAfterAdminWrites, markPrivate, registerPublicCache } from "./plugins/public-answers";
import { logsEveryRequest, registerRequestLog } from "./plugins/request-log";
import { requireResponseSchemas } from "./plugins/response-contract";
import { requireDeclaredEffects } from "./plugins/route-effects";
import { replayRepeatedWrites } from "./plugins/repeated-writes";
import { healthChecker } from "./services/health";
import { mailServices } from "./services/mailer";
import { storageServices } from "./services/storage";
import { registerInstanceId } from "./lib/instance";
import { loggerOptions } from "./lib/logging";
import { registerHttpsCheck, registerSecurity } from "./plugins/security";
import { registerStatic } from "./plugins/static";
import { fastPathOptions, type PublicFastLane } from "./fast-path";
import { controlSocket } from "./control/control-socket";

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
  let fastLane: PublicFastLane | undefined;
  const app = Fastify({
    // cached public answers written before Fastify's routing, lazy request loggers: src/server/fast-path (FAST_LANE=off: none of it)
    ...fastPathOptions(config, () => fastLane),
    logger: logger && config.LOG_LEVEL !== "silent" ? loggerOptions(config.LOG_LEVEL, logStream) : false,
    bodyLimit: 1024 * 1024, // JSON bodies; uploads have their own limits
    // off unless TRUST_PROXY names the proxies: request.ip is then the socket's address
    // (a hop count works at run time; Fastify's types leave the number out)
    trustProxy: config.TRUST_PROXY as boolean | string[],
    // one line per request at info would be the bottleneck under a crowd: see request-log.ts
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("adminRoutes", []);
  registerInstanceId(app);

  registerErrorHandling(app);
  registerRequestLog(app);
  registerInputGuard(app);
  requireResponseSchemas(app);
  registerHttpsCheck(app);
  registerPublicCache(app);
  // with a line per request logged (LOG_LEVEL=debug) every request goes through Fastify
  if (!logsEveryRequest(app)) fastLane = app.publicFastLane;
  await registerSecurity(app);
  await app.register(cookie);
  // before the modules: the routes that take ordinary form posts declare config.formPost
  await registerFormPosts(app);
  registerAuth(app);
  await app.register(mailServices);
  await app.register(storageServices);
  // what modules add to the app itself (app.newsletterWorker), after the services they use
  for (const m of modules) m.decorate?.(app);
  // DATA_DIR/control.sock, opened by background.ts (npm run backup asks the running site over it)
  await app.register(controlSocket);

  const checkHealth = healthChecker(database);
  app.get("/healthz", async (_request, reply) => {
    const health = await checkHealth();
    reply.header("cache-control", "no-store");
    if (health.up) return { success: true, status: "ok", database: database.kind, ...(health.database === "busy" ? { busy: true } : {}) };
    app.log.error("health check failed: the database does not answer");
    return reply.status(503).send({ success: false, status: "unavailable", message: "Database unavailable" });
  });

  await app.register(async (pub) => {
    // writes and personal answers (sign-in, me) here; the public reads set their own cache headers
    markPrivate(pub);
    for (const m of modules) if (m.publicRoutes) await pub.register(m.publicRoutes);
  });

  await app.register(async (admin) => {
    markPrivate(admin);
    // every write here says what it changes (public cache tags) and how the activity log tells it
    requireDeclaredEffects(admin);
    invalidateAfterAdminWrites(admin, app);
    // before the activity log's hooks: a create sent again is answered before its 'before' is read
    replayRepeatedWrites(admin, app);
    registerActivityLog(admin, app);
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
