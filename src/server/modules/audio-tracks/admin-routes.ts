import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audioTracksApi } from "@shared/api/audio-tracks";
import { messageAnswer } from "@shared/schemas/answers";
import { audioActiveInput, audioFeaturedInput, audioTrackAnswers, audioTrackInput } from "@shared/schemas/audio-tracks";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { formatDuration } from "@shared/format";
import type { Db } from "../../db/client";
import { recordActivities } from "../../plugins/record-activity";
import { listAllTracks } from "../../services/public-reads/audio-tracks";
import { createTrack, deleteTrack, findTrack, replaceTrack, setTrackActive, setTrackFeatured } from "./repository";

const missing = () => notFound("Audio track not found");

/**
 * The admin library: every track. GET /api/admin/audio-tracks answers with it, and so does the
 * spec's GET /api/audio-tracks without ?featured=true (public-routes.ts), for an admin.
 */
export const everyTrack = async (db: Db) => ({ success: true, data: await listAllTracks(db) });

/** Admin reads and writes for audio tracks (spec section 7). The player's list is in public-routes.ts. */
export const audioTracksAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const log = recordActivities({
    resource: "audio-tracks",
    noun: "the track",
    name: (track) => track.title,
    fields: { title: { label: "title" }, artist: { label: "artist" }, audioUrl: { label: "audio file" }, coverArtUrl: { label: "cover art" }, duration: { label: "length", show: (v) => formatDuration(v as string) }, unreleased: { label: "unreleased", show: (v) => (v ? "yes" : "no") } },
    find: (id: number) => findTrack(app.db, id),
  });
  const effects = { invalidates: ["audio-tracks"] as const };

  app.get(audioTracksApi.adminList, { schema: { response: { 200: audioTrackAnswers.list } } }, async () => everyTrack(app.db));

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
