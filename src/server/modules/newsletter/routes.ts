import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { formatScheduledAt } from "@shared/newsletter-schedule";
import { newsletterAnswers, newsletterEditInput, newsletterSendInput, recipientsQuery } from "@shared/schemas/newsletter";
import { multilineText } from "@shared/schemas/text";
import { z } from "zod";
import { badRequest, conflict, HttpError, notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { htmlToText, sanitizeNewsletterHtml } from "../../mail/html";
import { bandName } from "../../services/settings";
import { newsletterMail } from "../../mail/templates";
import { queueNewsletter } from "../../services/newsletter/delivery-queue";
import { bandTimeZone } from "./band-time-zone";
import { deleteDraft } from "./drafts-repository";
import { cancelScheduledNewsletter, countRecipients, editScheduledNewsletter, newsletterContent, newsletterProgress, scheduleNewsletter, unknownDeliveries } from "./repository";

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
   * subscribers who match when its time comes (mail/newsletter-scheduler.ts).
   * With draftId (issue 21): a real send or a schedule discards that draft once it is done.
   */
  app.post("/api/newsletter/send", { schema: { body: newsletterSendInput, response: { 200: newsletterAnswers.sent, 202: newsletterAnswers.sent } } }, async (request, reply) => {
    const { subject, content, targetShows, targetReleases, targetMerch, previewEmail, regions, scheduledAt, draftId } = request.body;
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

    const targets = { targetShows, targetReleases, targetMerch, regions };
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
  app.post("/api/newsletter/render", { schema: { body: z.object({ content: multilineText().max(200_000, "Content is too long") }), response: { 200: newsletterAnswers.rendered } } }, async (request) => {
    const html = sanitizeNewsletterHtml(request.body.content);
    return { success: true, data: { html, text: htmlToText(html) } };
  });

  app.get("/api/newsletter/recipients", { schema: { querystring: recipientsQuery, response: { 200: newsletterAnswers.recipients } } }, async (request) => ({
    success: true,
    data: await countRecipients(app.db, request.query),
  }));

  app.get("/api/newsletters", { schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }), response: { 200: newsletterAnswers.progressList } } }, async (request) => ({
    success: true,
    data: await newsletterProgress(app.db, request.query.limit ?? 10),
  }));

  // Only while it waits: once the scheduler started it, its mails are on their way.
  app.post("/api/newsletters/:id/cancel", { schema: { params: idParams, response: { 200: newsletterAnswers.cancelled } } }, async (request) => {
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
  app.put("/api/newsletters/:id", { schema: { params: idParams, body: newsletterEditInput, response: { 200: newsletterAnswers.edited } } }, async (request) => {
    const { id } = request.params;
    const { subject, content, targetShows, targetReleases, targetMerch, regions, scheduledAt } = request.body;
    if (!targetShows && !targetReleases && !targetMerch) throw badRequest(NO_INTERESTS);
    const outcome = await editScheduledNewsletter(app.db, id, { subject, content, ...renderContent(content), targetShows, targetReleases, targetMerch, regions, scheduledAt: new Date(scheduledAt) });
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
