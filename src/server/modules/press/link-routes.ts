import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { pressApi } from "@shared/api/press";
import { messageAnswer } from "@shared/schemas/answers";
import { PRESS_LINK_GONE, PRESS_LINK_UNKNOWN, pressLinkAnswers, pressLinkInput, type PressLinkPage } from "@shared/schemas/press";
import { HttpError, badRequest, notFound } from "../../lib/http-error";
import { hashToken, newToken } from "../../lib/tokens";
import { momentOf } from "../../lib/activity-words";
import { idParams } from "../../lib/params";
import type { PressLinkRow } from "../../db/schema";
import { searchOf } from "../../plugins/form-posts";
import { activity } from "../../plugins/route-effects";
import { readPressKit } from "../../services/public-reads/press-kit";
import { PRIVATE_CACHE_CONTROL } from "../../services/public-head";
import { streamUpload } from "../../storage/stream-upload";
import { countPlay, countView, createPressLink, existingTracks, findPressLink, findPressLinkByToken, isOpen, linkTracks, listPressLinks, revokePressLink } from "./repository";

const tokenQuery = z.object({ token: z.string({ message: PRESS_LINK_UNKNOWN }).trim().min(1, PRESS_LINK_UNKNOWN).max(100, PRESS_LINK_UNKNOWN) });
const streamParams = z.object({ trackId: z.coerce.number({ message: "trackId must be a track id" }).int().positive().max(2_147_483_647) });

/** What a link's page, its data and its streams send besides the body: never kept, never indexed, never a referrer. */
function privateHeaders(reply: FastifyReply) {
  return reply.header("cache-control", PRIVATE_CACHE_CONTROL).header("x-robots-tag", "noindex, nofollow").header("referrer-policy", "no-referrer");
}

/** The open link of a token, or the HTTP error its page shows: 404 unknown, 410 revoked or expired. */
async function openLink(app: { db: Parameters<typeof findPressLinkByToken>[0] }, token: string, now: Date): Promise<PressLinkRow> {
  const link = await findPressLinkByToken(app.db, hashToken(token));
  if (!link) throw notFound(PRESS_LINK_UNKNOWN);
  if (!isOpen(link, now)) throw new HttpError(410, PRESS_LINK_GONE);
  return link;
}

async function pageData(app: Parameters<typeof openLink>[0], link: PressLinkRow, token: string): Promise<PressLinkPage> {
  const [kit, tracks] = await Promise.all([readPressKit(app.db, { evenIfOff: true }), linkTracks(app.db, [link.id])]);
  return {
    recipient: link.recipient,
    expiresAt: link.expiresAt.toISOString(),
    kit: kit!,
    tracks: tracks.map((t) => ({ id: t.id, title: t.title, artist: t.artist, duration: t.duration, streamUrl: pressApi.stream(t.id, token) })),
  };
}

/**
 * A private link's page (issue 25), its data, and its tracks' streams. The token travels in the
 * query (logs drop query values); the page's route counts the view, the stream route the plays.
 */
export const pressLinkPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(pressApi.linkPage, async (request, reply) => {
    privateHeaders(reply);
    const path = pressApi.linkPage;
    const search = searchOf(request.url);
    const now = new Date();
    try {
      const query = tokenQuery.safeParse(request.query);
      if (!query.success) throw notFound(PRESS_LINK_UNKNOWN);
      const { token } = query.data;
      const link = await openLink(app, token, now);
      // a HEAD (a link checker, a preview bot asking what it is) is not a view
      if (request.method === "GET") await countView(app.db, link.id, now);
      const html = await app.drawPage(request, { path, search, queries: { [pressApi.linkData(token)]: await pageData(app, link, token) } });
      return reply.status(200).header("content-type", "text/html; charset=utf-8").send(html);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const html = await app.drawPage(request, { path, form: { form: "press-link", page: path, ok: false, message: err.message } });
      return reply.status(err.statusCode).header("content-type", "text/html; charset=utf-8").send(html);
    }
  });

  app.get("/api/press/link", { schema: { querystring: tokenQuery, response: { 200: pressLinkAnswers.page } } }, async (request, reply) => {
    privateHeaders(reply);
    const link = await openLink(app, request.query.token, new Date());
    return { success: true, data: await pageData(app, link, request.query.token) };
  });

  app.get("/api/press/stream/:trackId", { schema: { params: streamParams, querystring: tokenQuery }, config: { rawAnswer: "stream" } }, async (request, reply) => {
    privateHeaders(reply);
    const now = new Date();
    const link = await openLink(app, request.query.token, now);
    const track = (await linkTracks(app.db, [link.id])).find((t) => t.id === request.params.trackId);
    if (!track) throw notFound("This track is not on this press link");
    const range = request.headers.range;
    // a play is the first request of a listen (no range, or from the start); seeking asks from later on
    if (!range || /^bytes=0-/.test(range.trim())) await countPlay(app.db, link.id, track.id, now);
    const sent = await streamUpload(reply, app.storage, track.audioUrl, range);
    if (!sent) throw notFound("This track's file is missing");
    return sent;
  });
};

const describeLink = (link: { recipient: string; expiresAt: Date | string }, timeZone: string) => `${link.recipient}, open until ${momentOf(link.expiresAt, timeZone)}`;

export const pressLinkAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(pressApi.links, { schema: { response: { 200: pressLinkAnswers.list } } }, async () => {
    const now = Date.now();
    const links = await listPressLinks(app.db);
    return {
      success: true,
      data: links.map((l) => ({
        ...l,
        revoked: l.revokedAt !== null,
        expired: l.revokedAt === null && l.expiresAt.getTime() <= now,
        tracks: l.tracks.map((t) => ({ id: t.id, title: t.title, plays: t.plays, lastPlayedAt: t.lastPlayedAt })),
      })),
    };
  });

  app.post(
    pressApi.links,
    {
      schema: { body: pressLinkInput, response: { 201: pressLinkAnswers.created } },
      config: {
        // a private link changes nothing public
        invalidates: [],
        activity: activity<never, { id: number }, z.output<typeof pressLinkInput>>({
          resource: "press-links",
          // the answer's URL carries the token: never in an entry
          secrets: ["url"],
          changes: false,
          summary: ({ body }) => body.recipient,
          describe: ({ body, timeZone }) => `made a private press link for ${describeLink({ recipient: body.recipient, expiresAt: body.expiresAt }, timeZone)}${body.trackIds.length ? ` with ${body.trackIds.length === 1 ? "1 track" : `${body.trackIds.length} tracks`}` : ""}`,
        }),
      },
    },
    async (request, reply) => {
      const { recipient, expiresAt, trackIds } = request.body;
      const found = new Set((await existingTracks(app.db, trackIds)).map((t) => t.id));
      const missing = trackIds.find((id) => !found.has(id));
      if (missing !== undefined) throw badRequest(`trackIds: Audio track ${missing} not found`, { trackIds: `Audio track ${missing} not found` });
      const token = newToken();
      const link = await createPressLink(app.db, { recipient, tokenHash: hashToken(token), expiresAt: new Date(expiresAt), trackIds });
      const url = `${app.config.PUBLIC_URL}${pressApi.linkPage}?token=${token}`;
      return reply.status(201).header("cache-control", PRIVATE_CACHE_CONTROL).send({ success: true, message: "Press link created", data: { id: link.id, url } });
    },
  );

  app.delete(
    "/api/admin/press-links/:id",
    {
      schema: { params: idParams, response: { 200: messageAnswer } },
      config: {
        invalidates: [],
        activity: activity<PressLinkRow>({
          resource: "press-links",
          action: "revoke",
          before: ({ params }) => findPressLink(app.db, params.id),
          summary: ({ before }) => before?.recipient,
          describe: ({ before }) => (before && before.revokedAt === null ? `revoked the press link for ${before.recipient}` : null),
        }),
      },
    },
    async (request) => {
      const link = await revokePressLink(app.db, request.params.id, new Date());
      if (!link) throw notFound("Press link not found");
      return { success: true, message: "Press link revoked" };
    },
  );
};
