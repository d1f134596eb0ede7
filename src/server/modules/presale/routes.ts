import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fieldText } from "@shared/form-fields";
import { todayIso } from "@shared/format";
import { RATE_LIMIT_WINDOW_MS } from "@shared/privacy";
import { messageAnswer } from "@shared/schemas/answers";
import { presaleRequest } from "@shared/schemas/presale";
import { NO_PRESALE, PRESALE_ANSWER, presaleOpen } from "@shared/show-sale";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { presaleCodeMail } from "../../mail/templates";
import type { FormPost } from "../../plugins/form-posts";
import { sendInBackground } from "../../services/mailer";
import { bandName, bandTimeZone } from "../../services/settings";
import { claimPresaleMail, findConfirmedFan, findPresaleShow } from "./repository";
import { aheadInBandTime, showDayWords } from "./words";

/** One mail of a show's code per fan per this long, however often (and from wherever) the address is entered. */
export const PRESALE_MAIL_WAIT_MS = 5 * 60_000;

/** The pages a show card's presale form is on: its answer without JavaScript is drawn there. */
const CARD_PAGES = ["/", "/shows"];

/** A show card's presale form posted without JavaScript (decision 026): the answer is drawn on the page it came from, at the card. */
const presaleForm: FormPost = {
  form: "presale",
  body: (fields) => ({ body: { email: fieldText(fields, "email"), website: fieldText(fields, "website") } }),
  page: (_request, fields) => ({ path: CARD_PAGES.includes(fieldText(fields, "page")) ? fieldText(fields, "page") : "/" }),
};

type PresaleShow = NonNullable<Awaited<ReturnType<typeof findPresaleShow>>>;

/**
 * POST /api/shows/{id}/presale { email } (issue 24): a show's presale code, by mail, to a fan
 * on the list. The answer is the same for every address (on the list or not, confirmed or not)
 * and comes before any mail is looked for or sent, in the background; only a confirmed,
 * subscribed fan whose address does not bounce gets the mail, at most once per show per
 * PRESALE_MAIL_WAIT_MS. The code goes nowhere else: not in the answer, not in a log line.
 * 404 for an unknown show and for one without an open presale (none, sold out, cancelled, past).
 */
export const presalePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/shows/:id/presale",
    {
      schema: { params: idParams, body: presaleRequest, response: { 200: messageAnswer } },
      config: { rateLimit: { max: app.config.FORM_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS }, formPost: presaleForm },
    },
    async (request) => {
      const show = await findPresaleShow(app.db, request.params.id);
      if (!show) throw notFound("Show not found");
      if (!presaleOpen({ hasPresale: show.presaleCode !== null, status: show.status }) || show.date < todayIso()) throw notFound(NO_PRESALE);
      const { email, website } = request.body;
      // Honeypot filled: a bot. The same answer, and nothing happens.
      if (!website) sendInBackground(app, () => presaleMailFor(show, email), "presale code");
      return { success: true, message: PRESALE_ANSWER };
    },
  );

  /** The mail for `email`, or null: not a confirmed fan, or they had this show's code a moment ago. */
  async function presaleMailFor(show: PresaleShow, email: string) {
    const fan = await findConfirmedFan(app.db, email);
    if (!fan || !(await claimPresaleMail(app.db, show.id, fan.id, PRESALE_MAIL_WAIT_MS))) return null;
    const [band, timeZone] = await Promise.all([bandName(app), bandTimeZone(app.db)]);
    return presaleCodeMail({
      bandName: band,
      to: email,
      venue: show.venue,
      location: show.location,
      day: showDayWords(show.date),
      time: show.time,
      code: show.presaleCode!,
      startsAt: aheadInBandTime(show.presaleStartsAt, timeZone),
      onSaleAt: aheadInBandTime(show.onSaleAt, timeZone),
      ticketUrl: show.eventUrl,
      showsUrl: `${app.config.PUBLIC_URL}/shows`,
    });
  }
};
