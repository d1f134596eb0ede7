import type { FastifyInstance } from "fastify";

/**
 * Long-running work started after the server is built (the newsletter worker, session
 * clean-up). Returns a function that stops it all for a graceful shutdown.
 */
export async function startBackgroundWork(_app: FastifyInstance): Promise<() => Promise<void>> {
  return async () => {};
}
