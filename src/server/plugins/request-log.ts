import type { FastifyInstance } from "fastify";
import { urlWithoutQueryValues } from "../lib/logging";

/**
 * Access logging that stays useful without costing the hot path: every request at debug,
 * while errors (5xx) and slow requests are always logged. Fastify's own per-request lines
 * (two JSON lines per request at info) are switched off in app.ts.
 */
export const SLOW_REQUEST_MS = 1000;

/** LOG_LEVEL debug or trace: a line for every request (the public fast lane then stays shut). */
export const logsEveryRequest = (app: FastifyInstance) => app.log.level === "debug" || app.log.level === "trace";

export function registerRequestLog(app: FastifyInstance) {
  const logEveryRequest = logsEveryRequest(app);
  app.addHook("onResponse", (request, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status >= 500 || ms >= SLOW_REQUEST_MS) {
      request.log[status >= 500 ? "error" : "warn"]({ method: request.method, url: urlWithoutQueryValues(request.url), status, ms: Math.round(ms) }, status >= 500 ? "request failed" : "slow request");
    } else if (logEveryRequest) {
      request.log.debug({ method: request.method, url: urlWithoutQueryValues(request.url), status, ms: Math.round(ms) }, "request");
    }
    done();
  });
}
