import os from "node:os";
import type { FastifyServerOptions } from "fastify";
import { INSTANCE_ID, INSTANCE_LOG_FIELD } from "./instance";

/**
 * What the logs may carry. Database drivers put every query parameter into their errors (a
 * DrizzleQueryError's message is "Failed query: ... params: ..."; PostgreSQL's `detail` repeats
 * the offending row), which once put password hashes, fans' addresses and message text into
 * error logs. So errors are logged from an allow-list of fields, never spread whole, and
 * request URLs lose their query values (verification and unsubscribe tokens travel there).
 */

const PG_FIELDS = ["severity", "routine", "constraint", "table", "column", "dataType"] as const;
const SQLSTATE = /^[0-9A-Z]{5}$/;

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  /** the SQL text with $1.. placeholders: the query's shape, never its values */
  query?: string;
  responseCode?: number;
  cause?: LoggedError;
  [pgField: string]: unknown;
}

/** A driver message can quote a value ('invalid input syntax for type integer: "abc"'). */
const withoutQuotedValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

/** The stack's frames only: its first line repeats the message, which may hold values. */
function framesOf(err: Error, message: string): string {
  const frames = (err.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return [`${err.name}: ${message}`, ...frames].join("\n");
}

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: "non-error thrown", stack: "" };
  const e = err as Error & Record<string, unknown>;
  const code = typeof e.code === "string" ? e.code : undefined;
  const isDriverQueryError = typeof e.query === "string" && "params" in e;
  const isDatabaseError = code !== undefined && SQLSTATE.test(code);
  let message = isDriverQueryError ? "Failed query" : e.message;
  if (isDatabaseError) message = withoutQuotedValues(message);
  const out: LoggedError = { type: e.constructor?.name ?? "Error", message, stack: framesOf(err, message) };
  if (code) out.code = code;
  if (typeof e.statusCode === "number") out.statusCode = e.statusCode;
  if (typeof e.responseCode === "number") out.responseCode = e.responseCode;
  if (isDriverQueryError) out.query = String(e.query).slice(0, 2000);
  if (isDatabaseError) for (const field of PG_FIELDS) if (typeof e[field] === "string") out[field] = e[field];
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** '/api/verify-email?email=a@b&token=x' -> '/api/verify-email?email=…&token=…' */
export function urlWithoutQueryValues(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return url;
  const keys = url
    .slice(q + 1)
    .split("&")
    .map((pair) => pair.split("=")[0])
    .filter(Boolean);
  return `${url.slice(0, q)}?${keys.map((k) => `${k}=…`).join("&")}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  remoteAddress?: string;
}

// The one place to list fields that must never be printed, should anyone log a whole object.
const REDACT = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  "*.password",
  "*.passwordHash",
  "*.token",
  "*.csrfToken",
  "*.verificationToken",
  "*.unsubscribeToken",
];

export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // which instance wrote the line, when several share one PostgreSQL (docs/deploy.md)
    base: { pid: process.pid, hostname: os.hostname(), [INSTANCE_LOG_FIELD]: INSTANCE_ID },
    redact: { paths: REDACT, censor: "[redacted]" },
    serializers: {
      err: serializeError,
      error: serializeError,
      req: (req: LoggedRequest) => ({ method: req.method, url: urlWithoutQueryValues(req.url), hostname: req.hostname, remoteAddress: req.remoteAddress }),
    },
  };
}
