import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RATE_LIMIT_WINDOW_MS } from "@shared/privacy";
import {
  SUBSCRIBE_SUCCESS,
  UNSUBSCRIBE_SUCCESS,
  VERIFY_SUCCESS,
  subscribeInput,
  subscriberAnswers,
  subscriberListQuery,
  subscriberListOrPageAnswer,
  DEFAULT_SUBSCRIBER_PAGE_SIZE,
  unsubscribeParams,
  verifyEmailQuery,
} from "@shared/schemas/subscribers";
import { messageAnswer } from "@shared/schemas/answers";
import { HttpError, badRequest, notFound } from "../../lib/http-error";
import { searchOf, sendPage } from "../../plugins/form-posts";
import { subscribeForm, unsubscribeForm } from "./form-posts";
import { idParams } from "../../lib/params";
import { bandName } from "../../services/settings";
import { signUpFan, signupOrigin } from "./signup";
import { csvFileName, subscribersCsvStream } from "./csv";
import { sendWelcomeMail } from "./welcome-mail";
import { activity } from "../../plugins/route-effects";
import { deleteSubscriber, findSubscriber, listSubscribers, reactivateSubscriber, subscriberStats, unsubscribeByToken, verify } from "./repository";

type Fan = NonNullable<Awaited<ReturnType<typeof findSubscriber>>>;
/** 'fan Jane Doe (jane@example.com)', or the address alone */
const theFan = (fan: Fan) => `fan ${fan.name?.trim() ? `${fan.name.trim()} (${fan.email})` : fan.email}`;
import { searchSubscribers } from "./search";
import { placeOfFan } from "../places/fan-place";

/**
 * RFC 8058: mail clients post `List-Unsubscribe=One-Click` as a form (urlencoded: see
 * plugins/form-posts.ts, or multipart). The token is in the URL, so the body is only accepted
 * (never needed). A multipart form is read to its end and dropped.
 */
function acceptMultipartOneClick(app: FastifyInstance) {
  if (!app.hasContentTypeParser("multipart/form-data")) {
    app.addContentTypeParser("multipart/form-data", (_req, payload, done) => {
      payload.resume();
      payload.on("end", () => done(null, {}));
      payload.on("error", done);
    });
  }
}

export const subscribersPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptMultipartOneClick(app);
  const formLimit = { rateLimit: { max: app.config.FORM_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS } };

  app.post("/api/subscribe", { schema: { body: subscribeInput, response: { 200: messageAnswer } }, config: { ...formLimit, formPost: subscribeForm } }, async (request) => {
    const { name, email, interests, region, place, website } = request.body;
    // Honeypot filled: a bot. It gets the same answer and nothing happens.
    if (website) {
      request.log.info({ ip: request.ip }, "subscribe honeypot triggered");
      return { success: true, message: SUBSCRIBE_SUCCESS };
    }
    const placed = (await placeOfFan(app.places.resolve, place)) ?? null;
    await signUpFan(app, { name: name || null, email, interests, region, place: placed?.typed ? { typed: placed.typed, lat: placed.lat, lng: placed.lng } : null, ip: request.ip, ...signupOrigin(request, app.stats.site) });
    return { success: true, message: SUBSCRIBE_SUCCESS };
  });

  /** The link in the verification mail: its outcome, for the API and for the page the link opens. */
  async function verifyLink(email: string, token: string, ip: string) {
    const { result, welcomePreferencesToken } = await verify(app.db, email, token, ip);
    if (welcomePreferencesToken) sendWelcomeMail(app, email, welcomePreferencesToken);
    if (result === "expired") throw badRequest("This verification link has expired. Please subscribe again to get a new one.");
    if (result === "invalid") throw badRequest("This verification link is invalid. Please subscribe again to get a new one.");
    return VERIFY_SUCCESS;
  }

  // No rate limit: a 256-bit token cannot be guessed, and a fan may open the link twice.
  app.get("/api/verify-email", { schema: { querystring: verifyEmailQuery, response: { 200: messageAnswer } } }, async (request) => {
    const { email, token } = request.query;
    return { success: true, message: await verifyLink(email, token, request.ip) };
  });

  // The page the mail's link opens, drawn with its outcome (issue 21: it works without
  // JavaScript). A HEAD (a link checker) only looks: it verifies nothing.
  app.get("/verify-email", async (request, reply) => {
    const search = searchOf(request.url);
    if (request.method === "HEAD") return sendPage(reply, 200, await app.drawPage(request, { path: "/verify-email", search }));
    const query = verifyEmailQuery.safeParse(request.query);
    let answer: { ok: boolean; message: string; status: number };
    try {
      if (!query.success) throw badRequest(query.error.issues[0]?.message ?? "Invalid verification link. Missing token or email.");
      answer = { ok: true, message: await verifyLink(query.data.email, query.data.token, request.ip), status: 200 };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      answer = { ok: false, message: err.message, status: err.statusCode };
    }
    const html = await app.drawPage(request, { path: "/verify-email", search, form: { form: "verify-email", page: `/verify-email${search}`, ok: answer.ok, message: answer.message } });
    return sendPage(reply, answer.status, html);
  });

  // The confirmation page from the mail's unsubscribe link, drawn with the address it names.
  app.get("/unsubscribe", async (request, reply) => sendPage(reply, 200, await app.drawPage(request, { path: "/unsubscribe", search: searchOf(request.url) })));

  // One-click unsubscribe: no cookie, no CSRF token, no redirect; the token is the authority.
  app.post("/api/unsubscribe", { schema: { response: { 200: messageAnswer } }, config: { formPost: unsubscribeForm } }, async (request) => {
    const fromQuery = unsubscribeParams.safeParse(request.query);
    const fromBody = unsubscribeParams.safeParse(request.body);
    const params = fromQuery.success ? fromQuery.data : fromBody.success ? fromBody.data : null;
    if (!params) throw badRequest("Missing unsubscribe token");
    if (!(await unsubscribeByToken(app.db, params.token))) throw badRequest("This unsubscribe link is invalid.");
    return { success: true, message: UNSUBSCRIBE_SUCCESS };
  });

  // A mail client without one-click support opens the List-Unsubscribe URL in a browser (GET):
  // show the confirmation page. A GET never unsubscribes, so link scanners cannot either.
  app.get("/api/unsubscribe", { config: { rawAnswer: "redirect" } }, async (request, reply) => {
    const query = new URL(request.url, "http://x").search;
    return reply.redirect(`/unsubscribe${query}`, 303);
  });
};

export const subscribersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // No parameters: the spec's plain list, as ever. Any parameter: one page of the table's search.
  app.get(
    "/api/subscribers",
    { schema: { querystring: subscriberListQuery, response: { 200: subscriberListOrPageAnswer } } },
    async (request) => {
      const query = request.query;
      if (Object.values(query).every((v) => v === undefined)) return { success: true, data: await listSubscribers(app.db) };
      const sort = query.sort ?? "subscribedAt";
      const page = await searchSubscribers(app.db, {
        q: query.q || undefined,
        interest: query.interest,
        region: query.region,
        status: query.status,
        sort,
        // newest first by default; names, addresses, regions and statuses from the top
        dir: query.dir ?? (sort === "subscribedAt" ? "desc" : "asc"),
        page: query.page ?? 1,
        pageSize: query.pageSize ?? DEFAULT_SUBSCRIBER_PAGE_SIZE,
      });
      return { success: true, ...page };
    },
  );

  // the mailing list is never public: no cached page changes
  app.post(
    "/api/subscribers/:id/reactivate",
    {
      schema: { params: idParams, response: { 200: subscriberAnswers.saved } },
      config: {
        invalidates: [],
        activity: activity<Fan>({
          resource: "subscribers",
          action: "reactivate",
          changes: false,
          summary: ({ after }) => after?.email,
          describe: ({ after }) => `reactivated ${theFan(after!)} after a bounce: newsletters go to the address again`,
        }),
      },
    },
    async (request) => {
    const subscriber = await reactivateSubscriber(app.db, request.params.id);
    if (!subscriber) throw notFound("Subscriber not found");
    return { success: true, message: "Subscriber reactivated", data: subscriber };
  });

  app.get("/api/subscribers/stats", { schema: { response: { 200: subscriberAnswers.stats } } }, async () => ({ success: true, data: await subscriberStats(app.db) }));

  app.get("/api/subscribers/export", { config: { rawAnswer: "stream" } }, async (_request, reply) => {
    const fileName = csvFileName(await bandName(app));
    reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store");
    return reply.send(subscribersCsvStream(app.db));
  });

  app.delete(
    "/api/subscribers/:id",
    {
      schema: { params: idParams, response: { 200: messageAnswer } },
      config: {
        invalidates: [],
        activity: activity<Fan>({
          resource: "subscribers",
          before: ({ params }) => findSubscriber(app.db, params.id),
          summary: ({ before }) => before?.email,
          describe: ({ before, params }) => (before ? `deleted ${theFan(before)} from the mailing list` : `deleted fan #${params.id}`),
        }),
      },
    },
    async (request) => {
    if (!(await deleteSubscriber(app.db, request.params.id))) throw notFound("Subscriber not found");
    return { success: true, message: "Subscriber deleted" };
  });
};
