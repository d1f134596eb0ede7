import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { formatScheduledAt } from "@shared/newsletter-schedule";
import { newsletterAnswers, newsletterEditInput, newsletterSendInput, recipientsQuery } from "@shared/schemas/newsletter";
import { multilineText } from "@shared/schemas/text";
import { z } from "zod";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { htmlToText, sanitizeNewsletterHtml } from "../../mail/html";
import { bandName, bandTimeZone } from "../../services/settings";
import { newsletterMail } from "../../mail/templates";
import { queueNewsletter } from "./queue";
import { nearTargets } from "../places/repository";
import { deleteDraft } from "./drafts-repository";
import { count, momentOf, quoted } from "../../lib/activity-words";
import { activity } from "../../plugins/route-effects";
import { cancelScheduledNewsletter, countRecipients, editScheduledNewsletter, findNewsletter, newsletterContent, newsletterProgress, scheduleNewsletter, unknownDeliveries } from "./repository";

type Newsletter = NonNullable<Awaited<ReturnType<typeof findNewsletter>>>;
type SendBody = { subject: string; previewEmail?: string | null; scheduledAt?: string | null };
type Sent = { newsletterId?: number; recipients?: number; scheduledAt?: Date };

/** 'sent the newsletter 'Spring tour' to 120 fans', 'scheduled ... for Mar 3, 6:00 PM' (never 'sent' for a scheduled one) */
function describeSend({ body, after, timeZone }: { body: SendBody; after: Sent | null; timeZone: string }) {
  const the = `the newsletter ${quoted(body.subject)}`;
  if (body.previewEmail) return `sent a preview of ${the} to ${body.previewEmail}`;
  if (body.scheduledAt) return `scheduled ${the} for ${momentOf(after?.scheduledAt ?? body.scheduledAt, timeZone)}`;
  return `sent ${the} to ${count(after?.recipients ?? 0, "fan")}`;
}

/** The words a change of a scheduled newsletter names (the words themselves are only said to be edited). */
function describeEdit(before: Newsletter | null, body: { subject: string; content: string; targetShows: boolean; targetReleases: boolean; targetMerch: boolean; regions?: string[] | null; scheduledAt: string }, timeZone: string) {
  const the = `the scheduled newsletter ${quoted(before?.subject ?? body.subject)}`;
  if (!before) return `changed ${the}`;
  const parts: string[] = [];
  if (before.subject !== body.subject) parts.push(`subject → ${quoted(body.subject)}`);
  if (before.scheduledAt && new Date(body.scheduledAt).getTime() !== before.scheduledAt.getTime()) parts.push(`send time ${momentOf(before.scheduledAt, timeZone)} → ${momentOf(body.scheduledAt, timeZone)}`);
  if (before.content !== body.content) parts.push("words edited");
  const audience = (n: { targetShows: boolean; targetReleases: boolean; targetMerch: boolean }) => [n.targetShows && "shows", n.targetReleases && "releases", n.targetMerch && "merch"].filter(Boolean).join(" + ");
  if (audience(before) !== audience(body)) parts.push(`for fans of ${audience(before)} → ${audience(body)}`);
  const regions = (r: readonly string[] | null | undefined) => (r?.length ? [...r].sort().join(", ") : "everywhere");
  if (regions(before.regions) !== regions(body.regions)) parts.push(`regions ${regions(before.regions)} → ${regions(body.regions)}`);
  return parts.length ? `changed ${the}: ${parts.join(", ")}` : `saved ${the} (nothing changed)`;
}

const NO_RECIPIENTS = "There are no subscribers matching the selected interests.";
const NO_INTERESTS = "Choose at least one interest to send to.";
const EMPTY_CONTENT = "Please enter content for your newsletter.";

/** The sanitised HTML and its plain text, or the spec's 'content' error when nothing would be left to read. */
function renderContent(content: string) {
  const contentHtml = sanitizeNewsletterHtml(content);
  const contentText = htmlToText(contentHtml);
  if (!contentText && !/<img\b/i.test(contentHtml)) throw badRequest(`content: ${EMPTY_CONTENT}`, { content: EMPTY_CONTENT });
  return { contentHtml, contentText };
}

export const newsletterAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Preview: one mail to previewEmail, sent now. Real send: queued for every matching
   * subscriber and delivered by the worker; the answer comes as soon as the queue is written.
   * With scheduledAt: stored as 'scheduled' without recipients; the scheduler queues it for the
   * subscribers who match when its time comes (scheduler.ts).
   * With draftId (issue 21): a real send or a schedule discards that draft once it is done.
   */
  app.post(
    "/api/newsletter/send",
    {
      schema: { body: newsletterSendInput, response: { 200: newsletterAnswers.sent, 202: newsletterAnswers.sent } },
      config: {
        invalidates: [],
        activity: activity<never, Sent, SendBody>({
          resource: "newsletter",
          action: ({ body }) => (body.previewEmail ? "send preview" : body.scheduledAt ? "schedule" : "send"),
          recordId: ({ after }) => after?.newsletterId,
          summary: ({ body }) => body.subject,
          describe: describeSend,
        }),
      },
    },
    async (request, reply) => {
    const { subject, content, targetShows, targetReleases, targetMerch, previewEmail, regions, scheduledAt, draftId, near } = request.body;
    const { contentHtml, contentText } = renderContent(content);

    if (previewEmail) {
      try {
        await app.mailer.send(newsletterMail({ bandName: await bandName(app), to: previewEmail, subject: `[Preview] ${subject}`, contentHtml, contentText, unsubscribe: null }));
      } catch (err) {
        request.log.error({ err }, "preview mail failed");
        throw new HttpError(502, "Failed to send newsletter. Try again later.");
      }
      return { success: true, message: `Preview sent to ${previewEmail}`, data: { preview: true, recipients: 1 } };
    }

    const targets = { targetShows, targetReleases, targetMerch, regions, ...(await nearTargets(app.db, near, "near.showId")) };
    const createdBy = request.auth?.user.username ?? null;
    // what was sent or scheduled leaves the drafts; a draft already gone (discarded elsewhere) changes nothing
    const consumeDraft = async () => {
      if (!draftId) return;
      try {
        await deleteDraft(app.db, draftId);
      } catch (err) {
        request.log.warn({ err, draftId }, "newsletter draft not removed after sending");
      }
    };
    if (scheduledAt) {
      // fans who match later still get it, so only a choice that can never match is refused
      if (!targetShows && !targetReleases && !targetMerch) throw badRequest(NO_INTERESTS);
      const scheduled = await scheduleNewsletter(app.db, { subject, content, contentHtml, contentText, ...targets, scheduledAt: new Date(scheduledAt), createdBy });
      await consumeDraft();
      return reply.status(202).send({
        success: true,
        message: `Newsletter scheduled for ${formatScheduledAt(scheduled.scheduledAt, await bandTimeZone(app.db))}`,
        data: { newsletterId: scheduled.id, scheduledAt: scheduled.scheduledAt },
      });
    }
    if ((await countRecipients(app.db, targets)).count === 0) throw badRequest(NO_RECIPIENTS);
    const queued = await queueNewsletter(app.db, { subject, contentHtml, contentText, ...targets, createdBy });
    if (!queued || queued.recipients === 0) throw badRequest(NO_RECIPIENTS);
    app.newsletterWorker.wake();
    await consumeDraft();
    return reply.status(202).send({
      success: true,
      message: `Newsletter sent to ${queued.recipients} subscriber${queued.recipients === 1 ? "" : "s"}`,
      data: { newsletterId: queued.id, recipients: queued.recipients },
    });
  });

  // The Preview tab shows exactly what subscribers will get: the server's sanitized HTML.
  app.post(
    "/api/newsletter/render",
    {
      schema: { body: z.object({ content: multilineText().max(200_000, "Content is too long") }), response: { 200: newsletterAnswers.rendered } },
      // only draws the words as a preview: nothing is saved or sent
      config: { invalidates: [], activity: false },
    },
    async (request) => {
    const html = sanitizeNewsletterHtml(request.body.content);
    return { success: true, data: { html, text: htmlToText(html) } };
  });

  app.get("/api/newsletter/recipients", { schema: { querystring: recipientsQuery, response: { 200: newsletterAnswers.recipients } } }, async (request) => {
    const { nearShowId, nearMiles, ...targets } = request.query;
    const near = nearShowId !== undefined && nearMiles !== undefined ? { showId: nearShowId, miles: nearMiles } : null;
    return { success: true, data: await countRecipients(app.db, { ...targets, ...(await nearTargets(app.db, near, "nearShowId")) }) };
  });

  app.get("/api/newsletters", { schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }), response: { 200: newsletterAnswers.progressList } } }, async (request) => ({
    success: true,
    data: await newsletterProgress(app.db, request.query.limit ?? 10),
  }));

  // Only while it waits: once the scheduler started it, its mails are on their way.
  app.post(
    "/api/newsletters/:id/cancel",
    {
      schema: { params: idParams, response: { 200: newsletterAnswers.cancelled } },
      config: {
        invalidates: [],
        activity: activity<Newsletter>({
          resource: "newsletter",
          action: "cancel",
          before: ({ params }) => findNewsletter(app.db, params.id),
          summary: ({ before }) => before?.subject,
          describe: ({ before, params, timeZone }) =>
            before ? `cancelled the scheduled newsletter ${quoted(before.subject)}${before.scheduledAt ? ` (it was due ${momentOf(before.scheduledAt, timeZone)})` : ""}` : `cancelled scheduled newsletter #${params.id}`,
        }),
      },
    },
    async (request) => {
    const outcome = await cancelScheduledNewsletter(app.db, request.params.id);
    if (outcome === null) throw notFound("Newsletter not found");
    if (outcome.cancelled) return { success: true, message: "Scheduled newsletter cancelled" };
    if (outcome.status === "cancelled") throw conflict("This newsletter was already cancelled.");
    throw conflict("This newsletter has already started sending and can no longer be cancelled.");
  });

  app.get("/api/newsletters/:id", { schema: { params: idParams, response: { 200: newsletterAnswers.progress } } }, async (request) => {
    const [progress] = await newsletterProgress(app.db, 1, request.params.id);
    const details = progress && (await newsletterContent(app.db, progress.id));
    if (!progress || !details) throw notFound("Newsletter not found");
    return { success: true, data: { ...progress, ...details, unknownRecipients: await unknownDeliveries(app.db, progress.id) } };
  });

  // Issue 21: a scheduled newsletter can be changed (words, audience, time) until it starts; then 409.
  app.put(
    "/api/newsletters/:id",
    {
      schema: { params: idParams, body: newsletterEditInput, response: { 200: newsletterAnswers.edited } },
      config: {
        invalidates: [],
        activity: activity<Newsletter, unknown, Parameters<typeof describeEdit>[1]>({
          resource: "newsletter",
          before: ({ params }) => findNewsletter(app.db, params.id),
          summary: ({ body }) => body.subject,
          describe: ({ before, body, timeZone }) => describeEdit(before, body, timeZone),
        }),
      },
    },
    async (request) => {
    const { id } = request.params;
    const { subject, content, targetShows, targetReleases, targetMerch, regions, scheduledAt, near } = request.body;
    if (!targetShows && !targetReleases && !targetMerch) throw badRequest(NO_INTERESTS);
    const nearby = await nearTargets(app.db, near, "near.showId");
    const outcome = await editScheduledNewsletter(app.db, id, { subject, content, ...renderContent(content), targetShows, targetReleases, targetMerch, regions, ...nearby, scheduledAt: new Date(scheduledAt) });
    if (outcome === null) throw notFound("Newsletter not found");
    if (!outcome.edited) {
      if (outcome.status === "cancelled") throw conflict("This newsletter was cancelled, so it can no longer be changed.");
      throw conflict("This newsletter has already started sending and can no longer be changed.");
    }
    const [progress] = await newsletterProgress(app.db, 1, id);
    const details = await newsletterContent(app.db, id);
    return {
      success: true,
      message: `Changes saved: it goes out ${formatScheduledAt(scheduledAt, await bandTimeZone(app.db))}`,
      data: { ...progress, ...details! },
    };
  });
};
