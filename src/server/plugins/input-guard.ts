import type { FastifyInstance, FastifySchema, preValidationHookHandler } from "fastify";
import { CONTROL_CHARACTERS_MESSAGE, isCleanMultilineText } from "@shared/schemas/text";
import { badRequest } from "../lib/http-error";

/**
 * A backstop behind the shared schemas: no string with a NUL, another control character (tab
 * and line breaks aside) or a lone surrogate reaches a handler, whatever a route's schema says
 * or forgets (hand-read query strings, form posts, fields added later). PostgreSQL refuses NUL,
 * and that used to end in a 500. The schemas give the stricter, per-field rules; this only
 * names the first offending field the same way a validation error does.
 */
const MAX_DEPTH = 32;

function findDirtyField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return isCleanMultilineText(value) ? null : path;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!isCleanMultilineText(key)) return path ? `${path}.` : "body";
    const found = findDirtyField(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Whether a parsed body passes the guard (the beacon's fast lane asks before it answers: fast-path/post-taker.ts). */
export const isCleanInput = (value: unknown): boolean => findDirtyField(value, "") === null;

// a callback hook, not an async one: it runs on every public read with a query schema, and a
// promise per request is measurable there (bench/crowd)
const refuseDirtyInput: preValidationHookHandler = (request, _reply, done) => {
  const field = findDirtyField(request.params, "") ?? findDirtyField(request.query, "") ?? findDirtyField(request.body, "");
  if (field === null) return done();
  const name = field || "body";
  done(badRequest(`${name}: ${CONTROL_CHARACTERS_MESSAGE}`, { [name]: CONTROL_CHARACTERS_MESSAGE }));
};

declare module "fastify" {
  interface FastifyInstance {
    /** Every route that takes input, with its schema: the fuzz test walks them all. */
    inputRoutes: { method: string; url: string; schema: FastifySchema | undefined }[];
  }
}

/** Adds the check to every route that takes input (writes, and reads with a query schema); plain GETs stay hook-free. */
export function registerInputGuard(app: FastifyInstance) {
  app.decorate("inputRoutes", []);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const takesInput = methods.some((m) => m !== "GET" && m !== "HEAD") || route.schema?.querystring !== undefined || route.url.includes(":");
    if (!takesInput) return;
    for (const method of methods) if (method !== "HEAD") app.inputRoutes.push({ method, url: route.url, schema: route.schema });
    const existing = route.preValidation;
    route.preValidation = existing ? [refuseDirtyInput, ...(Array.isArray(existing) ? existing : [existing])] : [refuseDirtyInput];
  });
}
