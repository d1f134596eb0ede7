import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bandPhotoApi } from "@shared/api/band-photo";
import { bandPhotoAnswers, bandPhotoInput } from "@shared/schemas/band-photo";
import { messageAnswer } from "@shared/schemas/answers";
import { badRequest } from "../../lib/http-error";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { readBandPhoto } from "../../services/public-reads/band-photo";
import { isUploadedPhoto, removeBandPhoto, saveBandPhoto } from "./repository";

/** The band photo (issue 21): public, inlined with the home page, cached with the settings. */
export const bandPhotoPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(bandPhotoApi.item, { schema: { response: { 200: bandPhotoAnswers.item } } }, async (request, reply) =>
    sendPublic(app, request, reply, {
      key: bandPhotoApi.item,
      tags: ["settings"],
      build: async () => jsonAnswer(bandPhotoAnswers.item, { success: true, data: await readBandPhoto(app.db) }),
    }),
  );
};

const NOT_AN_UPLOAD = "Upload a photo first (PNG, JPG, GIF or WebP)";

export const bandPhotoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(bandPhotoApi.item, { schema: { body: bandPhotoInput, response: { 200: bandPhotoAnswers.saved } } }, async (request) => {
    const { imageUrl, altText } = request.body;
    if (!(await isUploadedPhoto(app.db, imageUrl))) throw badRequest(`imageUrl: ${NOT_AN_UPLOAD}`, { imageUrl: NOT_AN_UPLOAD });
    await saveBandPhoto(app.db, imageUrl, altText);
    const saved = await readBandPhoto(app.db);
    return { success: true, message: "Band photo saved", data: saved! };
  });

  app.delete(bandPhotoApi.item, { schema: { response: { 200: messageAnswer } } }, async () => {
    const removed = await removeBandPhoto(app.db);
    return { success: true, message: removed ? "Band photo removed" : "There was no band photo to remove" };
  });
};
