import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RATE_LIMIT_WINDOW_MS } from "@shared/privacy";
import { RSVP_LEAVE_INVALID, RSVP_SUCCESS, rsvpsApi } from "@shared/api/rsvps";
import { messageAnswer } from "@shared/schemas/answers";
import { rsvpConfirmInput, rsvpInput } from "@shared/schemas/rsvps";
import { HttpError, badRequest, notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { rsvpConfirmMail } from "../../mail/templates";
import { searchOf, sendPage } from "../../plugins/form-posts";
import { sendInBackground } from "../../services/mailer";
import { bandName, bandTimeZone } from "../../services/settings";
import { findShow } from "../shows/repository";
import { signUpFan, signupOrigin } from "../subscribers/signup";
import { bandToday, longDay, showInMail } from "./band-time";
import { rsvpForm, rsvpLeaveForm } from "./form-posts";
import { RSVP_LINK_TTL_MS, confirmRsvp, leaveRsvp, saveRsvp } from "./repository";

export const SHOW_CANCELLED = "This show is cancelled.";
export const SHOW_OVER = "This show has already happened.";
const AGAIN = "Say you're going on the show again to get a new one.";

/**
 * 'I'm going' (issue 24): POST /api/shows/{id}/rsvp answers the same 200 whatever the address,
 * then mails a confirmation link (the form posts without JavaScript too); the link's page
 * GET /rsvp/confirm confirms when it is opened (a HEAD only looks), POST /api/rsvps/confirm is
 * the same for the app.
 */
export const rsvpsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const formLimit = { rateLimit: { max: app.config.FORM_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS } };

  app.post(
    "/api/shows/:id/rsvp",
    { schema: { params: idParams, body: rsvpInput, response: { 200: messageAnswer } }, config: { ...formLimit, formPost: rsvpForm } },
    async (request) => {
      const { email, name, subscribe, website } = request.body;
      const show = await findShow(app.db, request.params.id);
      if (!show) throw notFound("Show not found");
      if (show.status === "cancelled") throw badRequest(SHOW_CANCELLED);
      if (show.date < bandToday(new Date(), await bandTimeZone(app.db))) throw badRequest(SHOW_OVER);
      // Honeypot filled: a bot. It gets the same answer and nothing happens.
      if (website) {
        request.log.info({ ip: request.ip }, "rsvp honeypot triggered");
        return { success: true, message: RSVP_SUCCESS };
      }
      const token = await saveRsvp(app.db, { showId: show.id, email, name: name || null });
      if (token) {
        const confirmUrl = `${app.config.PUBLIC_URL}${rsvpsApi.confirmPage}?token=${encodeURIComponent(token)}`;
        sendInBackground(app, async () => rsvpConfirmMail({ bandName: await bandName(app), to: email, show: showInMail(show), confirmUrl, validHours: RSVP_LINK_TTL_MS / 3_600_000 }), "rsvp confirmation");
      }
      // the mailing list only when ticked, through its own signup and confirmation mail
      if (subscribe) await signUpFan(app, { name: name || null, email, interests: { shows: true, releases: false, merch: false }, ip: request.ip, ...signupOrigin(request, app.stats.site) });
      return { success: true, message: RSVP_SUCCESS };
    },
  );

  /** The mail's link: its outcome in words, or the refusal as an HttpError (400). */
  async function confirmLink(token: string): Promise<string> {
    const now = new Date();
    const outcome = await confirmRsvp(app.db, token, bandToday(now, await bandTimeZone(app.db)), now);
    // the cards' counts come from the cached public answers of shows
    if (outcome.result === "confirmed") app.publicCache.invalidate(["shows"]);
    const show = outcome.showId ? await findShow(app.db, outcome.showId) : null;
    const what = show ? `${show.venue}, ${show.location} on ${longDay(show.date)}` : "the show";
    switch (outcome.result) {
      case "confirmed":
        return `You're going to ${what}. We'll send you a reminder the day before, and tell you if anything changes.`;
      case "already":
        return `You're already on the list for ${what}.`;
      case "cancelled":
        throw badRequest(SHOW_CANCELLED);
      case "past":
        throw badRequest(SHOW_OVER);
      case "expired":
        throw badRequest(`This link has expired. ${AGAIN}`);
      case "invalid":
        throw badRequest(`This link is not valid. ${AGAIN}`);
    }
  }

  // No rate limit: a 256-bit token cannot be guessed, and a fan may open the link twice.
  app.post(rsvpsApi.confirm, { schema: { body: rsvpConfirmInput, response: { 200: messageAnswer } } }, async (request) => ({
    success: true,
    message: await confirmLink(request.body.token),
  }));

  // 'Can't make it?' (the link of a reminder or a notice): the page asks first, so a mail scanner
  // opening the link takes no one off; the button posts here (without JavaScript too).
  app.get(rsvpsApi.leavePage, async (request, reply) => sendPage(reply, 200, await app.drawPage(request, { path: rsvpsApi.leavePage, search: searchOf(request.url) })));

  app.post(rsvpsApi.leave, { schema: { body: rsvpConfirmInput, response: { 200: messageAnswer } }, config: { formPost: rsvpLeaveForm } }, async (request) => {
    const left = await leaveRsvp(app.db, request.body.token);
    if (!left) throw badRequest(RSVP_LEAVE_INVALID);
    // the cards' counts come from the cached public answers of shows
    app.publicCache.invalidate(["shows"]);
    const show = await findShow(app.db, left.showId);
    const what = show ? `${show.venue}, ${show.location} on ${longDay(show.date)}` : "the show";
    return { success: true, message: `Your name is off the list for ${what}. Thanks for letting us know.` };
  });

  // The page the mail's link opens, drawn with its outcome (it works without JavaScript). A HEAD
  // (a link checker, a mail scanner) only looks: it confirms nothing.
  app.get(rsvpsApi.confirmPage, async (request, reply) => {
    const search = searchOf(request.url);
    const path = rsvpsApi.confirmPage;
    if (request.method === "HEAD") return sendPage(reply, 200, await app.drawPage(request, { path, search }));
    const query = rsvpConfirmInput.safeParse(request.query);
    let answer: { ok: boolean; message: string; status: number };
    try {
      if (!query.success) throw badRequest(query.error.issues[0]?.message ?? "This link is not valid.");
      answer = { ok: true, message: await confirmLink(query.data.token), status: 200 };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      answer = { ok: false, message: err.message, status: err.statusCode };
    }
    const html = await app.drawPage(request, { path, search, form: { form: "rsvp-confirm", page: `${path}${search}`, ok: answer.ok, message: answer.message } });
    return sendPage(reply, answer.status, html);
  });
};
