import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { HOMEPAGE_LYRICS } from "@shared/homepage-lyrics";
import { lyricsAnswers, lyricsInput, lyricsPublishInput } from "@shared/schemas/lyrics";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { activity } from "../../plugins/route-effects";
import { recordActivities } from "../../plugins/record-activity";
import { quoted } from "../../lib/activity-words";
import { addLyricsOnce, createLyrics, deleteLyrics, findLyrics, listAllLyrics, updateLyrics } from "./repository";

/** Lyrics writes and the full list with drafts (GET /api/lyrics/:id is public, drafts only for admins). */
export const lyricsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const log = recordActivities({
    resource: "lyrics",
    noun: "the lyrics",
    name: (row) => row.title,
    fields: { title: { label: "title" }, songName: { label: "song" }, lyricsText: { label: "words", long: true }, albumName: { label: "album" }, releaseYear: { label: "year" }, isPublished: { label: "published", show: (v) => (v ? "yes" : "no") } },
    find: (id: number) => findLyrics(app.db, id),
  });
  const effects = { invalidates: ["lyrics"] as const };

  app.get("/api/admin/lyrics", { schema: { response: { 200: lyricsAnswers.list } } }, async () => ({ success: true, data: await listAllLyrics(app.db) }));

  app.post("/api/lyrics", { schema: { body: lyricsInput, response: { 201: lyricsAnswers.saved } }, config: { ...effects, activity: log.created } }, async (request, reply) => {
    const row = await createLyrics(app.db, request.body);
    return reply.status(201).send({ success: true, message: "Lyrics created successfully", data: row });
  });

  // Auto-Add Homepage Lyrics (issue 13): the server decides whether the entry is already there, as a Draft when new.
  app.post(
    "/api/lyrics/homepage",
    {
      schema: { response: { 200: lyricsAnswers.homepage, 201: lyricsAnswers.homepage } },
      config: {
        ...effects,
        // logged when it added the entry; finding it already there changed nothing
        activity: activity<{ title: string }>({
          resource: "lyrics",
          action: "create",
          summary: ({ after }) => after?.title,
          describe: ({ answer, after }) => (answer.created ? `added the homepage lyrics ${quoted(after!.title)} as a draft` : null),
        }),
      },
    },
    async (_request, reply) => {
    const { created, row } = await addLyricsOnce(app.db, lyricsInput.parse(HOMEPAGE_LYRICS));
    if (!created) return { success: true, created, message: "These lyrics are already in your list", data: row };
    return reply.status(201).send({ success: true, created, message: "Lyrics added successfully", data: row });
  });

  app.put("/api/lyrics/:id", { schema: { params: idParams, body: lyricsInput, response: { 200: lyricsAnswers.saved } }, config: { ...effects, activity: log.updated } }, async (request) => {
    const row = await updateLyrics(app.db, request.params.id, request.body);
    if (!row) throw notFound("Lyrics not found");
    return { success: true, message: "Lyrics updated successfully", data: row };
  });

  app.put(
    "/api/lyrics/:id/publish",
    {
      schema: { params: idParams, body: lyricsPublishInput, response: { 200: lyricsAnswers.saved } },
      config: { ...effects, activity: log.switched("isPublished", (the) => `published ${the}`, (the) => `moved ${the} back to drafts`, ["publish", "unpublish"]) },
    },
    async (request) => {
    const row = await updateLyrics(app.db, request.params.id, { isPublished: request.body.isPublished });
    if (!row) throw notFound("Lyrics not found");
    return { success: true, message: "Lyrics status updated successfully", data: row };
  });

  app.delete("/api/lyrics/:id", { schema: { params: idParams, response: { 200: messageAnswer } }, config: { ...effects, activity: log.deleted } }, async (request) => {
    if (!(await deleteLyrics(app.db, request.params.id))) throw notFound("Lyrics not found");
    return { success: true, message: "Lyrics deleted successfully" };
  });
};
