import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { merchShopLink } from "@shared/merch-link";
import { RELEASE_SERVICES } from "@shared/release-services";
import { privacyApi } from "@shared/api/privacy";
import { statsApi } from "@shared/api/stats";
import { privacyAnswers } from "@shared/schemas/privacy";
import { pageviewEvent, statsAnswers, statsExportQuery, statsQuery } from "@shared/schemas/stats";
import type { Db } from "../../db/client";
import { notFound, tooManyRequests } from "../../lib/http-error";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { privacyFacts } from "../../services/public-reads/privacy";
import { idParams } from "../../lib/params";
import { newsletterClickCounting } from "../../services/settings";
import { newsletterLinks } from "../newsletter/links";
import { sentNewsletterWords } from "../newsletter/repository";
import { countable } from "./counting";
import { BEACON_MAX_BYTES, beaconTaker, recordPageview } from "./beacon";
import { replayedBody } from "../../fast-path";
import { merchLink, releaseLink, showTicketLink } from "./repository";
import { reportCsv, reportCsvName } from "./export";
import { showReport, statsReport } from "./report";
import { visitSource } from "./sources";

/** `/go/newsletter/:id/:link`: a newsletter's id and the link's number in it (0-based). */
const newsletterLinkParams = idParams.extend({
  link: z
    .string()
    .regex(/^\d+$/, "link must be a whole number")
    .transform(Number)
    .pipe(z.number().int().max(100_000, "link is too large")),
});

/** `/go/release/:id/:service`: a release's id and one of the services. */
const releaseLinkParams = idParams.extend({ service: z.enum(RELEASE_SERVICES, { message: `service must be one of ${RELEASE_SERVICES.join(", ")}` }) });

/** Where link `n` of a sent newsletter leads (modules/newsletter/links.ts), or null. */
async function newsletterLink(db: Db, id: number, n: number): Promise<string | null> {
  const words = (await sentNewsletterWords(db, [id])).get(id);
  return words ? (newsletterLinks(words.contentHtml)[n] ?? null) : null;
}

/**
 * The public side of the stats (decision 034): the beacon's POST /api/events and the outbound
 * links /go/show/:id, /go/merch/:id and /go/newsletter/:id/:link. None of them sets a cookie or
 * waits for the database to write: the event goes to the collector's buffer (app.stats).
 */
export const statsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  // what the privacy page states from this deployment's configuration (inlined with /privacy);
  // the configuration only changes with a restart, so no content tag drops it
  app.get(privacyApi.facts, { schema: { response: { 200: privacyAnswers.facts } } }, async (request, reply) =>
    sendPublic(app, request, reply, {
      key: privacyApi.facts,
      tags: [],
      build: async () => jsonAnswer(privacyAnswers.facts, { success: true, data: privacyFacts(app.config) }),
    }),
  );

  // navigator.sendBeacon sends a string as text/plain: read it as the JSON it is (this route's scope only)
  app.addContentTypeParser("text/plain", { parseAs: "string", bodyLimit: BEACON_MAX_BYTES }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error("Body is not valid JSON"), { statusCode: 400 }));
    }
  });

  // A cookie-less beacon is usually answered by the fast lane with these same steps (beacon.ts);
  // what it declines comes here with the body it read (`replayedBody`, for Fastify's parser).
  app.publicFastLane?.takePosts(beaconTaker(app));
  app.post(
    statsApi.events,
    {
      schema: { body: pageviewEvent, response: { 202: z.undefined() } },
      bodyLimit: BEACON_MAX_BYTES,
      preParsing: (request, _reply, payload, done) => done(null, replayedBody(request.raw) ?? payload),
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (!app.stats.allow(request.ip)) throw tooManyRequests();
      if (await countable(app, request)) recordPageview(app, request.body, { ip: request.ip, host: request.host, headers: request.headers });
      return reply.code(202).send(undefined);
    },
  );

  const NOT_FOUND = { show: "Show not found or has no ticket link", merch: "Merchandise not found or has no shop link", release: "Release not found, not out yet, or not on that service" };
  const outbound = async (request: Parameters<typeof countable>[1], kind: "show" | "merch" | "release", id: number, link: string | null, path = "") => {
    if (!link) throw notFound(NOT_FOUND[kind]);
    // a HEAD (a link checker) is answered, not counted
    if (request.method === "GET" && app.stats.allow(request.ip) && (await countable(app, request))) {
      const from = request.headers.referer ?? "";
      const { source, utmMedium, utmCampaign } = visitSource("/", from, [app.stats.site, request.host.toLowerCase()]);
      app.stats.record({ kind, target: id, address: request.ip, userAgent: request.headers["user-agent"] ?? "", path, source, utmMedium, utmCampaign });
    }
    return link;
  };

  app.get("/go/show/:id", { schema: { params: idParams } }, async (request, reply) => {
    const link = await outbound(request, "show", request.params.id, await showTicketLink(app.db, request.params.id));
    return reply.header("cache-control", "no-store").redirect(link, 302);
  });

  app.get("/go/merch/:id", { schema: { params: idParams } }, async (request, reply) => {
    const item = await merchLink(app.db, request.params.id);
    const link = await outbound(request, "merch", request.params.id, item && merchShopLink(item));
    return reply.header("cache-control", "no-store").redirect(link, 302);
  });

  // a release's link to one service (issue 25): counted per release and service; 404 before it is out
  app.get("/go/release/:id/:service", { schema: { params: releaseLinkParams } }, async (request, reply) => {
    const { id, service } = request.params;
    const link = await outbound(request, "release", id, await releaseLink(app.db, id, service), service);
    return reply.header("cache-control", "no-store").redirect(link, 302);
  });

  // a newsletter's link n (issue 23): counted per newsletter and link, never per person, while
  // the setting is on; off, it still leads where the newsletter's link leads
  app.get("/go/newsletter/:id/:link", { schema: { params: newsletterLinkParams } }, async (request, reply) => {
    const { id, link: n } = request.params;
    const [link, counted] = await Promise.all([newsletterLink(app.db, id, n), newsletterClickCounting(app.db)]);
    if (!link) throw notFound("Newsletter or link not found");
    if (counted && request.method === "GET" && app.stats.allow(request.ip) && (await countable(app, request))) {
      app.stats.record({ kind: "newsletter", target: id, path: String(n), address: request.ip, userAgent: request.headers["user-agent"] ?? "", source: "newsletter", utmMedium: null, utmCampaign: null });
    }
    return reply.header("cache-control", "no-store").redirect(link, 302);
  });
};

/**
 * The Insights page's reads (admin scope): GET /api/admin/stats (the report of a range of the
 * band's days), GET /api/admin/stats/export (the same as CSV), GET /api/admin/stats/shows/:id
 * (one show since it was announced).
 */
export const statsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(statsApi.report, { schema: { querystring: statsQuery, response: { 200: statsAnswers.report } } }, async (request) => {
    return { success: true, data: await statsReport(app.db, request.query.from, request.query.to) };
  });

  app.get(statsApi.export, { schema: { querystring: statsExportQuery }, config: { rawAnswer: "file" } }, async (request, reply) => {
    const { from, to, by } = request.query;
    const csv = reportCsv(await statsReport(app.db, from, to), from, to, by);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${reportCsvName(from, to)}"`)
      .header("cache-control", "no-store")
      .send(csv);
  });

  app.get("/api/admin/stats/shows/:id", { schema: { params: idParams, response: { 200: statsAnswers.show } } }, async (request) => {
    const data = await showReport(app.db, request.params.id);
    if (!data) throw notFound("Show not found");
    return { success: true, data };
  });
};
