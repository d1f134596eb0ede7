import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** This process's instance id (see INSTANCE_ID). */
    instanceId: string;
  }
}

/**
 * Which server process this is: random per process start, so a restarted instance is a new one.
 * Several instances share one PostgreSQL; the id marks the newsletter rows an instance has in
 * flight (its leases), tells its own cache notices from a neighbour's, and is the `instance`
 * field of every log line so an operator can tell which instance answered.
 */
export const INSTANCE_ID = randomBytes(6).toString("base64url");

/** The log field that carries the instance id. */
export const INSTANCE_LOG_FIELD = "instance";

/** Decorates `app.instanceId` (one line in buildApp). */
export function registerInstanceId(app: FastifyInstance, id: string = INSTANCE_ID) {
  app.decorate("instanceId", id);
}

/** The app's instance id, or the process's when the decorator is not registered. */
export function instanceIdOf(app: FastifyInstance): string {
  return app.hasDecorator("instanceId") ? app.instanceId : INSTANCE_ID;
}
