import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { orderInput } from "@shared/schemas/ordering";
import { videoActiveInput, videoAnswers, videoInput } from "@shared/schemas/videos";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { saveSortOrder } from "../../db/sort-order";
import { videos } from "../../db/schema";
import { activity } from "../../plugins/route-effects";
import { recordActivities } from "../../plugins/record-activity";
import { createVideo, deleteVideo, findVideo, listAllVideos, updateVideo } from "./repository";

/**
 * The admin's videos: all of them (GET /api/videos; the public list is /api/videos/active,
 * a static path that wins over /api/videos/:id in the router).
 */
export const videosAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const log = recordActivities({
    resource: "videos",
    noun: "the video",
    name: (video) => video.title,
    fields: { title: { label: "title" }, description: { label: "description", long: true }, category: { label: "category" }, embedUrl: { label: "link" }, thumbnailUrl: { label: "thumbnail" }, isActive: { label: "on the site", show: (v) => (v ? "yes" : "no") } },
    find: (id: number) => findVideo(app.db, id),
  });
  const effects = { invalidates: ["videos"] as const };

  app.get("/api/videos", { schema: { response: { 200: videoAnswers.list } } }, async () => ({ success: true, data: await listAllVideos(app.db) }));

  // the admin's drag-and-drop order, every video active or not (sort_order = position); a static
  // path, so it wins over /api/videos/:id.
  app.put(
    "/api/videos/order",
    { schema: { body: orderInput, response: { 200: videoAnswers.ordered } }, config: { ...effects, activity: activity({ resource: "videos", action: "reorder", changes: false, describe: () => "reordered the videos" }) } },
    async (request) => {
    await saveSortOrder(app.db, videos, { id: videos.id, sortOrder: videos.sortOrder }, request.body.ids);
    return { success: true, message: "Order saved", data: await listAllVideos(app.db) };
  });

  app.get("/api/videos/:id", { schema: { params: idParams, response: { 200: videoAnswers.item } } }, async (request) => {
    const video = await findVideo(app.db, request.params.id);
    if (!video) throw notFound("Video not found");
    return { success: true, data: video };
  });

  app.post("/api/videos", { schema: { body: videoInput, response: { 201: videoAnswers.saved } }, config: { ...effects, activity: log.created } }, async (request, reply) => {
    const video = await createVideo(app.db, request.body);
    return reply.status(201).send({ success: true, message: "Video created", data: video });
  });

  app.put("/api/videos/:id", { schema: { params: idParams, body: videoInput, response: { 200: videoAnswers.saved } }, config: { ...effects, activity: log.updated } }, async (request) => {
    const video = await updateVideo(app.db, request.params.id, request.body);
    if (!video) throw notFound("Video not found");
    return { success: true, message: "Video updated", data: video };
  });

  app.put(
    "/api/videos/:id/active",
    {
      schema: { params: idParams, body: videoActiveInput, response: { 200: videoAnswers.saved } },
      config: { ...effects, activity: log.switched("isActive", (the) => `put ${the} back on the site`, (the) => `hid ${the} from the site`, ["show", "hide"]) },
    },
    async (request) => {
    const video = await updateVideo(app.db, request.params.id, { isActive: request.body.isActive });
    if (!video) throw notFound("Video not found");
    return { success: true, message: "Video updated", data: video };
  });

  app.delete("/api/videos/:id", { schema: { params: idParams, response: { 200: messageAnswer } }, config: { ...effects, activity: log.deleted } }, async (request) => {
    if (!(await deleteVideo(app.db, request.params.id))) throw notFound("Video not found");
    return { success: true, message: "Video deleted" };
  });
};
