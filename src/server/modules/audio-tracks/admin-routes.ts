import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { audioActiveInput, audioFeaturedInput, audioTrackAnswers, audioTrackInput } from "@shared/schemas/audio-tracks";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { formatDuration } from "@shared/format";
import { recordActivities } from "../../plugins/record-activity";
import { createTrack, deleteTrack, findTrack, replaceTrack, setTrackActive, setTrackFeatured } from "./repository";

const missing = () => notFound("Audio track not found");

/**
 * Admin writes for audio tracks (spec section 7). The list (GET /api/audio-tracks) lives in
 * public-routes.ts because ?featured=true is public there.
 */
export const audioTracksAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const log = recordActivities({
    resource: "audio-tracks",
    noun: "the track",
    name: (track) => track.title,
    fields: { title: { label: "title" }, artist: { label: "artist" }, audioUrl: { label: "audio file" }, coverArtUrl: { label: "cover art" }, duration: { label: "length", show: (v) => formatDuration(v as string) } },
    find: (id: number) => findTrack(app.db, id),
  });
  const effects = { invalidates: ["audio-tracks"] as const };

  app.get("/api/audio-tracks/:id", { schema: { params: idParams, response: { 200: audioTrackAnswers.item } } }, async (request) => {
    const track = await findTrack(app.db, request.params.id);
    if (!track) throw missing();
    return { success: true, data: track };
  });

  app.post("/api/audio-tracks", { schema: { body: audioTrackInput, response: { 201: audioTrackAnswers.saved } }, config: { ...effects, activity: log.created } }, async (request, reply) => {
    const track = await createTrack(app.db, request.body);
    return reply.status(201).send({ success: true, message: "Audio track created", data: track });
  });

  app.put("/api/audio-tracks/:id", { schema: { params: idParams, body: audioTrackInput, response: { 200: audioTrackAnswers.saved } }, config: { ...effects, activity: log.updated } }, async (request) => {
    const track = await replaceTrack(app.db, request.params.id, request.body);
    if (!track) throw missing();
    return { success: true, message: "Audio track updated", data: track };
  });

  app.put(
    "/api/audio-tracks/:id/featured",
    {
      schema: { params: idParams, body: audioFeaturedInput, response: { 200: audioTrackAnswers.saved } },
      config: { ...effects, activity: log.switched("isFeatured", (the) => `starred ${the} for the player`, (the) => `took the star off ${the}`, ["feature", "unfeature"]) },
    },
    async (request) => {
    const track = await setTrackFeatured(app.db, request.params.id, request.body.isFeatured);
    if (!track) throw missing();
    return { success: true, message: "Audio track updated", data: track };
  });

  app.put(
    "/api/audio-tracks/:id/active",
    {
      schema: { params: idParams, body: audioActiveInput, response: { 200: audioTrackAnswers.saved } },
      config: { ...effects, activity: log.switched("isActive", (the) => `put ${the} back on the site`, (the) => `hid ${the} from the site`, ["show", "hide"]) },
    },
    async (request) => {
    const track = await setTrackActive(app.db, request.params.id, request.body.isActive);
    if (!track) throw missing();
    return { success: true, message: "Audio track updated", data: track };
  });

  app.delete("/api/audio-tracks/:id", { schema: { params: idParams, response: { 200: messageAnswer } }, config: { ...effects, activity: log.deleted } }, async (request) => {
    if (!(await deleteTrack(app.db, request.params.id))) throw missing();
    return { success: true, message: "Audio track deleted" };
  });
};
