import http, { type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isConnectionLoss } from "../db/connection-loss";
import { HttpError, tooManyRequestsMessage } from "../lib/http-error";
import { StorageUnavailable, STORAGE_DOWN_MESSAGE } from "../storage/object-store";
import { PRIVATE_CACHE_CONTROL } from "./public-answers";

// A client told "too large" while still writing would get a reset connection instead of the
// answer: closing a socket with unread bytes makes the kernel send RST, which discards the
// response on the client's side. So the rest of a refused body is read and thrown away first,
// up to a bound; past it (or after the time limit) the connection is simply closed.
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10_000;

function drainRequest(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  const declared = Number(raw.headers["content-length"]);
  if (declared > DRAIN_LIMIT_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off("data", onData).off("end", finish).off("close", finish).off("error", finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_TIMEOUT_MS);
    raw.on("data", onData).on("end", finish).on("close", finish).on("error", finish);
    raw.resume();
  });
}

/** Fastify's framework errors (a path with broken percent-encoding) leave as the envelope too. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message = error.code === "FST_ERR_BAD_URL" ? "Malformed URL" : "Bad request";
  void reply.status(400).header("cache-control", PRIVATE_CACHE_CONTROL).send({ success: false, message });
}

/**
 * Errors Node's parser raises before there is a request (headers or URL over 16 KB, broken
 * HTTP): the envelope, and Connection: close because the socket is closed right after, so a
 * keep-alive client does not reuse it and meet a reset.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] =
    err.code === "HPE_HEADER_OVERFLOW" ? [431, "Request headers or URL are too large"] : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? [408, "Request timed out"] : [400, "Malformed request"];
  const body = JSON.stringify({ success: false, message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

export const DATABASE_UNAVAILABLE = "The site's database is unavailable right now. Nothing was changed; please try again in a moment.";
const DATABASE_RETRY_AFTER_SECONDS = "5";

/**
 * Every error leaves as the envelope { success: false, message, errors? }.
 * Only HttpError and Fastify's own 4xx errors carry their message out; a 500 says nothing
 * about internals (the details are in the log).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || error.validationContext || "body";
        if (!errors[field]) errors[field] = issue.message ?? "Invalid value";
      }
      const [field, msg] = Object.entries(errors)[0] ?? ["body", "Invalid input"] as const;
      return reply.status(400).send({ success: false, message: `${field}: ${msg}`, errors });
    }
    if (error instanceof StorageUnavailable) {
      // the upload storage (a bucket) is down or refuses us: nothing was kept, try again soon (decision 039)
      request.log.warn({ err: error }, "object storage unavailable");
      return reply.status(503).header("retry-after", "30").send({ success: false, message: STORAGE_DOWN_MESSAGE });
    }
    if (error instanceof HttpError) {
      if (error.statusCode === 413) await drainRequest(request.raw);
      return reply.status(error.statusCode).send({ success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || status === 413) {
      await drainRequest(request.raw);
      return reply.status(413).send({ success: false, message: "Request body is too large" });
    }
    if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || (status === 400 && error instanceof SyntaxError)) {
      return reply.status(400).send({ success: false, message: "Malformed JSON body" });
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || status === 415) {
      return reply.status(415).send({ success: false, message: "Unsupported content type" });
    }
    if (status === 429) {
      // refused before its body was read: read it first, as for 413, so the answer is readable
      await drainRequest(request.raw);
      return reply.status(429).send({ success: false, message: tooManyRequestsMessage(Number(reply.getHeader("retry-after"))) });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, message: error.message });
    }
    if (isConnectionLoss(error)) {
      // the database is restarting, failing over or out of reach: nothing was done, try again soon
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).header("retry-after", DATABASE_RETRY_AFTER_SECONDS).send({ success: false, message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ success: false, message: "Internal server error" });
  });
}
