import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import type { ZodType } from "zod";
import type { FormFields } from "@shared/form-fields";
import type { FormAnswer, FormName } from "@shared/page-render";
import { HttpError } from "../lib/http-error";
import type { PageToDraw } from "./html";

/**
 * A public route that a page's form also posts without JavaScript (issue 21). The route keeps
 * its JSON API; these say how an ordinary form post becomes that JSON body and on which page
 * its answer is drawn when a browser asked for a page.
 */
export interface FormPost {
  form: FormName;
  /**
   * The fields as the JSON body the route validates, and the refusals of rules only the form
   * has (the API's defaults would accept what the form must not: no interest chosen). Those are
   * answered together with the route's own field errors, so the fan fixes everything at once.
   */
  body(fields: FormFields): { body: unknown; errors?: Record<string, string> };
  /** the page the answer is drawn on (its path, query, personal data) */
  page(request: FastifyRequest, fields: FormFields): PageToDraw | Promise<PageToDraw>;
  /** where a success leads (303 See Other), so reloading the answer never posts twice */
  successRedirect?: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    formPost?: FormPost;
  }
  interface FastifyRequest {
    /** set when a browser posted a form and wants a page back */
    formPage: { fields: FormFields } | null;
  }
  interface FastifyInstance {
    /** a page drawn for one request, never cached (plugins/static.ts) */
    drawPage(request: FastifyRequest, page: PageToDraw): Promise<string>;
  }
}

const FORM_TYPE = "application/x-www-form-urlencoded";
/** the contact form's 5,000 characters, escaped, with room to spare */
const FORM_BODY_LIMIT = 64 * 1024;
/** JSON first: a client that takes anything (a mail client's one-click post) keeps getting JSON */
const ANSWER_TYPES = ["application/json", "text/html"];

const isFormBody = (request: FastifyRequest) => (request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase() === FORM_TYPE;
const wantsPage = (request: FastifyRequest) => new Negotiator(request).mediaType(ANSWER_TYPES) === "text/html";

/**
 * Ordinary form posts: the one urlencoded parser of the app, for the routes that declare a
 * `formPost` (every other route refuses the type, as before). A browser's post gets its answer
 * as the form's page: the route's own envelope (success, message, field errors) drawn into it,
 * or a See Other after a success. Everything else about the route (validation, rate limit,
 * handler) is the JSON API's, so both answer the same.
 */
export async function registerFormPosts(app: FastifyInstance) {
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
  app.decorateRequest("formPage", null);

  // before the rate limit (onRequest too): a refusal that comes before the body is read is a page as well
  app.addHook("onRequest", async (request) => {
    if (isFormBody(request) && request.routeOptions.config?.formPost && wantsPage(request)) request.formPage = { fields: {} };
  });

  app.addHook("preValidation", async (request) => {
    if (!isFormBody(request)) return;
    const formPost = request.routeOptions.config.formPost;
    if (!formPost) throw new HttpError(415, "Unsupported content type");
    const fields = (request.body ?? {}) as FormFields;
    if (request.formPage) request.formPage = { fields };
    const { body, errors } = formPost.body(fields);
    if (errors && Object.keys(errors).length) throw refusal(request, body, errors);
    request.body = body;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const formPost = request.routeOptions.config?.formPost;
    if (!request.formPage || !formPost || typeof payload !== "string") return payload;
    const answer = parseEnvelope(payload);
    if (!answer) return payload;
    if (answer.success && formPost.successRedirect) {
      reply.code(303).header("location", formPost.successRedirect).header("content-type", "text/plain; charset=utf-8");
      return "";
    }
    return drawAnswer(app, request, reply, formPost, answer);
  });
}

/** A 400 with the form's own errors and the route's schema's, one message a field, as the validator words them. */
function refusal(request: FastifyRequest, body: unknown, formErrors: Record<string, string>): HttpError {
  const schema = request.routeOptions.schema?.body as ZodType | undefined;
  const errors: Record<string, string> = {};
  for (const issue of schema?.safeParse(body).error?.issues ?? []) errors[issue.path.join(".") || "body"] ??= issue.message;
  Object.assign(errors, formErrors);
  const [field, message] = Object.entries(errors)[0];
  return new HttpError(400, `${field}: ${message}`, errors);
}

/** The query string of a request's URL, with its '?' ('' without one). */
export function searchOf(url: string): string {
  const at = url.indexOf("?");
  return at === -1 ? "" : url.slice(at);
}

/** A page drawn for one request: it may carry a token from its link, so it is never stored anywhere. */
export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store").send(html);
}

interface Envelope {
  success: boolean;
  message?: string;
  errors?: Record<string, string>;
}

function parseEnvelope(payload: string): Envelope | null {
  try {
    const body = JSON.parse(payload) as Envelope;
    return typeof body === "object" && body !== null && typeof body.success === "boolean" ? body : null;
  } catch {
    return null;
  }
}

async function drawAnswer(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, formPost: FormPost, answer: Envelope): Promise<string> {
  const fields = request.formPage!.fields;
  // never echo the honeypot; everything else is what the fan typed, drawn back as text
  const { website: _honeypot, ...values } = fields;
  const message = answer.message ?? "";
  reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store");
  try {
    const page = await formPost.page(request, fields);
    const form: FormAnswer = { form: formPost.form, page: page.path + (page.search ?? ""), ok: answer.success, message, ...(answer.errors ? { errors: answer.errors } : {}), values };
    return await app.drawPage(request, { ...page, form });
  } catch (err) {
    // the page needs the database too (a lost database answers 503 here): a plain page still says what happened
    request.log.error({ err }, "form answer page failed");
    return plainPage(message || "An error occurred. Please try again.");
  }
}

function plainPage(message: string): string {
  const text = message.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title></head><body><main><p>${text}</p><p><a href="/">Back to the site</a></p></main></body></html>`;
}
