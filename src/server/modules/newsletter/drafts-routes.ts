import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { newsletterApi } from "@shared/api/newsletter";
import { formatScheduledAt } from "@shared/newsletter-schedule";
import { MAX_DRAFTS, newsletterAnswers, newsletterDraftInput } from "@shared/schemas/newsletter";
import { conflict, notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { bandTimeZone } from "./band-time-zone";
import { createDraft, deleteDraft, getDraft, listDrafts, updateDraft } from "./drafts-repository";

const DRAFT_GONE = "This draft is no longer there: it was sent, scheduled or discarded, perhaps on another screen.";

/**
 * Newsletter drafts (issue 21): the composer saves what it holds here as the band writes
 * (autosave), so a reload, another device or another band member finds it. Drafts are shared by
 * the band's admins; each says who changed it last and when. A send or a schedule that names
 * its draft (`draftId`) discards it (routes.ts). The autosaves are not in the activity log
 * (plugins/activity-log.ts); a discard is.
 */
export const newsletterDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(newsletterApi.drafts, { schema: { response: { 200: newsletterAnswers.drafts } } }, async () => ({
    success: true,
    data: await listDrafts(app.db),
  }));

  app.get("/api/newsletter/drafts/:id", { schema: { params: idParams, response: { 200: newsletterAnswers.draft } } }, async (request) => {
    const draft = await getDraft(app.db, request.params.id);
    if (!draft) throw notFound(DRAFT_GONE);
    return { success: true, data: draft };
  });

  app.post(newsletterApi.drafts, { schema: { body: newsletterDraftInput, response: { 201: newsletterAnswers.draftSaved } } }, async (request, reply) => {
    const created = await createDraft(app.db, request.body, request.auth?.user.username ?? null, MAX_DRAFTS);
    if (!created) throw conflict(`The band keeps ${MAX_DRAFTS} drafts already. Discard one you no longer need, then start another.`);
    return reply.status(201).send({ success: true, message: "Draft saved", data: created });
  });

  // A save from a screen that had not seen the latest revision is refused: it names who saved since.
  app.put("/api/newsletter/drafts/:id", { schema: { params: idParams, body: newsletterDraftInput, response: { 200: newsletterAnswers.draftSaved } } }, async (request) => {
    const username = request.auth?.user.username ?? null;
    const outcome = await updateDraft(app.db, request.params.id, request.body, username);
    if (outcome === null) throw notFound(DRAFT_GONE);
    if ("conflict" in outcome) {
      const { updatedBy, updatedAt } = outcome.conflict;
      const who = updatedBy && updatedBy === username ? "You" : (updatedBy ?? "Someone");
      const where = who === "You" ? " on another screen" : "";
      throw conflict(`${who} saved a newer version of this draft${where} (${formatScheduledAt(updatedAt, await bandTimeZone(app.db))}). Your changes here are not saved yet.`);
    }
    return { success: true, message: "Draft saved", data: outcome.saved };
  });

  app.delete("/api/newsletter/drafts/:id", { schema: { params: idParams, response: { 200: newsletterAnswers.draftDiscarded } } }, async (request) => {
    const gone = await deleteDraft(app.db, request.params.id);
    if (!gone) throw notFound(DRAFT_GONE);
    return { success: true, message: "Draft discarded", data: gone };
  });
};
