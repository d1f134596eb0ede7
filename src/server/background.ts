import type { FastifyInstance } from "fastify";
import { startNewsletterWorker } from "./mail/newsletter-worker";
import { purgeExpiredSessions } from "./modules/auth/sessions";

const PURGE_SESSIONS_EVERY_MS = 60 * 60 * 1000;

/**
 * Long-running work started after the server is built (the newsletter worker, session
 * clean-up). Returns a function that stops it all for a graceful shutdown. Tests that need
 * the worker start it themselves (startNewsletterWorker), so test apps never keep running work.
 */
export async function startBackgroundWork(app: FastifyInstance): Promise<() => Promise<void>> {
  const worker = await startNewsletterWorker(app);
  const purge = setInterval(() => {
    purgeExpiredSessions(app.db).catch((err) => app.log.warn({ err }, "session clean-up failed"));
  }, PURGE_SESSIONS_EVERY_MS);
  purge.unref();
  return async () => {
    clearInterval(purge);
    await worker.stop();
  };
}
