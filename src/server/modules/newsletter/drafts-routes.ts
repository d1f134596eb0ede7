import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { newsletterApi } from "@shared/api/newsletter";
import { formatScheduledAt } from "@shared/newsletter-schedule";
import { MAX_DRAFTS, newsletterAnswers, newsletterDraftInput } from "@shared/schemas/newsletter";
import { conflict, notFound } from "../../lib/http-error";
import { bandTimeZone } from "../../services/settings";
import { idParams } from "../../lib/params";
import { quoted } from "../../lib/activity-words";
import { activity } from "../../plugins/route-effects";
import { createDraft, deleteDraft, draftOf, getDraft, listDrafts, updateDraft } from "./drafts-repository";

const DRAFT_GONE = "This draft is no longer there: it was sent, scheduled or discarded, perhaps on another screen.";

/**
 * Newsletter drafts (issue 21): the composer saves what it holds here as the band writes
 * (autosave), so a reload, another device or another band member finds it. Drafts are shared by
 * the band's admins; each says who changed it last and when. A send or a schedule that names
 * its draft (`draftId`) discards it (routes.ts). The autosaves are not in the activity log
 * (one every few seconds of typing would bury everything else); a discard is, and the send or
 * schedule that uses a draft.
 */
export const newsletterDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(newsletterApi.drafts, { schema: { response: { 200: newsletterAnswers.drafts } } }, async () => ({
    success: true,
    data: await listDrafts(app.db),
  }));

  app.get("/api/newsletter/drafts/:id", { schema: { params: idParams, response: { 200: newsletterAnswers.draft } } }, async (request) => {
    const draft = await getDraft(app.db, request.params.id);
    if (!draft) throw notFound(DRAFT_GONE);
    return { success: true, data: draftOf(draft) };
  });

  // an autosave: not logged (see above); drafts are never public
  app.post(newsletterApi.drafts, { schema: { body: newsletterDraftInput, response: { 201: newsletterAnswers.draftSaved } }, config: { invalidates: [], activity: false } }, async (request, reply) => {
    const created = await createDraft(app.db, request.body, request.auth?.user.username ?? null, MAX_DRAFTS);
    if (!created) throw conflict(`The band keeps ${MAX_DRAFTS} drafts already. Discard one you no longer need, then start another.`);
    return reply.status(201).send({ success: true, message: "Draft saved", data: draftOf(created) });
  });

  // A save from a screen that had not seen the latest revision is refused: it names who saved since.
  // an autosave: not logged (see above)
  app.put("/api/newsletter/drafts/:id", { schema: { params: idParams, body: newsletterDraftInput, response: { 200: newsletterAnswers.draftSaved } }, config: { invalidates: [], activity: false } }, async (request) => {
    const username = request.auth?.user.username ?? null;
    const outcome = await updateDraft(app.db, request.params.id, request.body, username);
    if (outcome === null) throw notFound(DRAFT_GONE);
    if ("conflict" in outcome) {
      const { updatedBy, updatedAt } = outcome.conflict;
      const who = updatedBy && updatedBy === username ? "You" : (updatedBy ?? "Someone");
      const where = who === "You" ? " on another screen" : "";
      throw conflict(`${who} saved a newer version of this draft${where} (${formatScheduledAt(updatedAt, await bandTimeZone(app.db))}). Your changes here are not saved yet.`);
    }
    return { success: true, message: "Draft saved", data: draftOf(outcome.saved) };
  });

  app.delete(
    "/api/newsletter/drafts/:id",
    {
      schema: { params: idParams, response: { 200: newsletterAnswers.draftDiscarded } },
      config: {
        invalidates: [],
        activity: activity<never, { id: number; subject: string }>({
          resource: "newsletter draft",
          action: "discard",
          summary: ({ after }) => after?.subject,
          describe: ({ after }) => (after?.subject.trim() ? `discarded the newsletter draft ${quoted(after.subject)}` : "discarded a newsletter draft without a subject"),
        }),
      },
    },
    async (request) => {
    const gone = await deleteDraft(app.db, request.params.id);
    if (!gone) throw notFound(DRAFT_GONE);
    return { success: true, message: "Draft discarded", data: gone };
  });
};
